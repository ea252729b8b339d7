import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type Tone = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/**
 * One figure of a screen's summary row (dashboard, reports, administration): its title, the figure, a line under it
 * and an icon in a soft tile of the card's tone.
 */
export function StatCard({
  title,
  value,
  caption,
  icon,
  tone = 'primary',
  testId,
}: {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: ReactNode;
  tone?: Tone;
  testId?: string;
}) {
  return (
    <Card sx={{ height: '100%' }} component="section" aria-label={title} data-testid={testId}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component="h2">
            {title}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ mt: 0.75, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', lineHeight: 1.25 }}
          >
            {value}
          </Typography>
          {caption ? (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.75 }}>
              {caption}
            </Typography>
          ) : null}
        </Box>
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
      </CardContent>
    </Card>
  );
}
