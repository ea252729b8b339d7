import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { ReactElement } from 'react';

/** One icon per side-menu entry, keyed by its path. */
export const MENU_ICONS: Record<string, ReactElement> = {
  '/dashboard': <DashboardOutlined />,
  '/custody': <Inventory2Outlined />,
  '/echeqs': <ReceiptLongOutlined />,
  '/presented': <PaymentsOutlined />,
  '/accounts': <AccountBalanceWalletOutlined />,
  '/discounts': <PercentOutlined />,
  '/users': <PeopleAltOutlined />,
  '/reports': <AssessmentOutlined />,
  '/audit': <FactCheckOutlined />,
  '/admin': <AdminPanelSettingsOutlined />,
  '/settings': <SettingsOutlined />,
};
