import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';

/** Where the button sits: its distance from the window's bottom-right corner, by breakpoint. */
const OFFSET = { xs: 16, sm: 32 } as const;
const SIZE = 56;
const GAP = 16;

/**
 * The screen's floating add button, fixed at the bottom right, and the room it needs: a space after the page's
 * content as tall as the button and its margins, so that scrolled to the end (or on a page too short to scroll)
 * nothing of the page (the pager's buttons, a card's actions) lies under it. Put it last in the page. A disabled
 * button says why in its tooltip.
 */
export function FloatingAddButton({
  label,
  onClick,
  disabledReason,
}: {
  label: string;
  onClick: () => void;
  /** Set when the button is off: the reason, shown in its tooltip. */
  disabledReason?: string | null;
}) {
  const disabled = Boolean(disabledReason);
  return (
    <>
      <Box aria-hidden sx={{ height: { xs: SIZE + OFFSET.xs, sm: SIZE + OFFSET.sm - GAP } }} />
      <Tooltip title={disabledReason || label} placement="left">
        <Box
          component="span"
          sx={{ position: 'fixed', right: OFFSET, bottom: OFFSET, zIndex: (t) => t.zIndex.speedDial }}
        >
          <Fab color="primary" aria-label={label} onClick={onClick} disabled={disabled}>
            <Add />
          </Fab>
        </Box>
      </Tooltip>
    </>
  );
}
