import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure of the reports' summary: a title, the value, and what it means underneath. */
export function SummaryCard({
  title,
  value,
  caption,
  icon,
  tone = 'primary',
}: {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: ReactNode;
  tone?: 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';
}) {
  return (
    <Card sx={{ height: '100%' }} component="section" aria-label={title}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            bgcolor: (t) => `color-mix(in srgb, ${t.palette[tone].main} 10%, transparent)`,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component="h2">
            {title}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontVariantNumeric: 'tabular-nums', mt: 0.5, overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
          {caption ? (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
              {caption}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
