/**
 * Stand-ins for the feature screens, so tests of the app shell (guards, layout, menu, sign-in) do not depend on
 * what each screen loads. Use in a test file:
 *   vi.mock('../app/routes/dashboard-page', () => import('../test/stub-pages').then((m) => m.stub('DashboardPage')));
 */
const TITLES: Record<string, string> = {
  DashboardPage: 'Dashboard',
  CustodyPage: 'Gestión de Custodia',
  EcheqsPage: 'Gestión de ECHEQs',
  DiscountsPage: 'Descuentos de ECHEQs',
  UsersPage: 'Gestión de Usuarios',
  ReportsPage: 'Reportes y Analytics',
  AuditPage: 'Auditoría',
  AdminPage: 'Panel de Administración ECHEQ',
  SettingsPage: 'Configuración',
};

export function stub(name: keyof typeof TITLES & string) {
  return { [name]: () => <h1>{TITLES[name]}</h1> };
}
