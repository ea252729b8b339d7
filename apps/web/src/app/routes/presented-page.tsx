import { EcheqDetailsDialog } from '../../features/echeqs/echeq-details-dialog';
import { PresentedView } from '../../features/presented/presented-view';

/** 'Cheques presentados al cobro': the paying bank's queue; a cheque's number opens its lifecycle detail. */
export function PresentedPage() {
  return (
    <PresentedView
      renderDetails={(c, close, actions) => <EcheqDetailsDialog echeq={c} actions={actions} onClose={close} />}
    />
  );
}
