import { makeCuit } from '@echeq/contract';
import type { Db } from '../platform/db/db';
import { demoDriver } from './seed-lifecycle-driver';

const COMPANY = {
  empresa: { cuit: makeCuit('30', '71234567'), name: 'Empresa Demo S.A.' },
  benef: { cuit: makeCuit('30', '72345678'), name: 'Beneficiario Demo S.R.L.' },
  avalista: { cuit: makeCuit('30', '73456789'), name: 'Avalista Demo S.A.' },
  sur: { cuit: makeCuit('30', '74567890'), name: 'Comercial Sur S.A.' },
  norte: { cuit: makeCuit('30', '75678901'), name: 'Distribuidora Norte S.A.' },
};

/** Companies off the platform (the sandbox plays them), each at a bank off the platform. */
const OUTSIDE = {
  litoral: { cuit: makeCuit('30', '58123401'), name: 'Agropecuaria del Litoral S.A.', bank_code: '011' },
  andes: { cuit: makeCuit('30', '58123402'), name: 'Transportes Andinos S.R.L.', bank_code: '007' },
  pampa: { cuit: makeCuit('30', '58123403'), name: 'Metalúrgica Pampeana S.A.', bank_code: '072' },
};

/**
 * LIFECYCLE §7: registry cheques in every state of §2 part 1, between Banco Demo's companies, across Banco Demo and
 * Banco Norte, from and to companies off the platform, some with endorsement chains, each driven through the
 * registry as it would have happened over the last two months (seed-lifecycle-driver.ts). What each demo account
 * finds is listed in the README's demo section. Runs after the seeding transaction committed: every registry call
 * and inbox run is a transaction of its own.
 *
 * What stays alive is due at no job of today: payment dates ahead (or the deposit window open), none past its
 * presentation window. The DEPOSITADO one is presented by the sandbox's job at its first tick, and what is
 * PRESENTADO is paid at the cut-off (20:00) of its clearing date if its paying bank has not answered by then.
 */
export async function seedLifecycle(db: Db, started: Date): Promise<void> {
  const d = await demoDriver(db, started);
  const { empresa, benef, avalista, norte, sur } = COMPANY;

  // CADUCADO: accepted by Beneficiario Demo, never deposited; the registry expires it after its window.
  const caducado = await d.issue(60, 'empresa', { to: benef.cuit, amount: 84_300, tipo: 'DIFERIDO', pay: -46 });
  await d.op(59, 'benef', caducado, 'ACCEPT');

  // PAGADO across the banks: Empresa Demo → Distribuidora Norte → (endorsed) Beneficiario Demo, paid by Banco Demo.
  const pagado = await d.issue(40, 'empresa', { to: norte.cuit, amount: 1_250_000, tipo: 'DIFERIDO', pay: -10 });
  await d.op(39, 'norte', pagado, 'ACCEPT');
  // RECHAZADO: Distribuidora Norte → Empresa Demo, rejected by Banco Norte.
  const rechazado = await d.issue(35, 'norte', { to: empresa.cuit, amount: 310_500.5, tipo: 'DIFERIDO', pay: -8 });
  await d.op(34, 'empresa', rechazado, 'ACCEPT');
  // PRESENTADO in Banco Demo's queue: Avalista Demo → Distribuidora Norte, deposited today.
  const presentadoDemo = await d.issue(30, 'avalista', {
    to: norte.cuit,
    amount: 96_420.75,
    tipo: 'DIFERIDO',
    pay: -3,
  });
  await d.op(29, 'norte', presentadoDemo, 'ACCEPT');
  // ACTIVO held outside: received from an outside company, endorsed by Empresa Demo to another outside company.
  const fuera = await d.receive(25, OUTSIDE.andes, empresa, { amount: 57_800, tipo: 'DIFERIDO', pay: 5 });
  await d.op(25, 'empresa', fuera, 'ACCEPT');
  await d.op(24, 'empresa', fuera, 'ENDORSE', { endorsee_cuit: OUTSIDE.pampa.cuit, endorsee_name: OUTSIDE.pampa.name });
  // PRESENTADO in Banco Norte's queue: Distribuidora Norte → Beneficiario Demo, deposited today.
  const presentadoNorte = await d.issue(22, 'norte', { to: benef.cuit, amount: 148_000, tipo: 'DIFERIDO', pay: -1 });
  await d.op(21, 'benef', presentadoNorte, 'ACCEPT');
  // DEPOSITADO today by Empresa Demo, drawn on Banco Norte (the sandbox's next tick presents it to Banco Norte).
  const depositado = await d.issue(20, 'norte', { to: empresa.cuit, amount: 212_000, tipo: 'DIFERIDO', pay: -2 });
  await d.op(20, 'empresa', depositado, 'ACCEPT');
  await d.op(20, 'norte', pagado, 'ENDORSE', { endorsee_cuit: benef.cuit });
  await d.op(19, 'benef', pagado, 'ACCEPT_ENDORSEMENT');
  // CUSTODIA: Distribuidora Norte → Beneficiario Demo; from an outside company to Distribuidora Norte.
  const custodiaBenef = await d.issue(18, 'norte', { to: benef.cuit, amount: 420_000, tipo: 'DIFERIDO', pay: 40 });
  await d.op(18, 'benef', custodiaBenef, 'ACCEPT');
  await d.op(17, 'benef', custodiaBenef, 'CUSTODY');
  const custodiaNorte = await d.receive(16, OUTSIDE.litoral, norte, { amount: 2_300_000, tipo: 'DIFERIDO', pay: 55 });
  await d.op(16, 'norte', custodiaNorte, 'ACCEPT');
  await d.op(15, 'norte', custodiaNorte, 'CUSTODY');
  await d.tick(14);

  // ACTIVO-PENDIENTE with a chain: outside → Empresa Demo → Avalista Demo → (offered to) Distribuidora Norte.
  const cadena = await d.receive(12, OUTSIDE.litoral, empresa, { amount: 735_000, tipo: 'DIFERIDO', pay: 25 });
  await d.op(12, 'empresa', cadena, 'ACCEPT');
  await d.op(11, 'empresa', cadena, 'ENDORSE', { endorsee_cuit: avalista.cuit });
  await d.op(10, 'avalista', cadena, 'ACCEPT_ENDORSEMENT');
  await d.op(10, 'benef', pagado, 'DEPOSIT');
  await d.tick(10);
  await d.op(10, 'operador', pagado, 'PAY');
  // ACTIVO: Empresa Demo → Beneficiario Demo, accepted; Beneficiario may endorse it or keep it in custody.
  const activo = await d.issue(9, 'empresa', { to: benef.cuit, amount: 65_000, tipo: 'DIFERIDO', pay: 15 });
  await d.op(9, 'benef', activo, 'ACCEPT');
  await d.op(8, 'empresa', rechazado, 'DEPOSIT');
  await d.tick(8);
  await d.op(8, 'norteAdmin', rechazado, 'REJECT', { motivo: 'Sin fondos suficientes' });
  // REPUDIADO by Distribuidora Norte; ANULADO by its issuer, Avalista Demo, before Empresa Demo answered.
  const repudiado = await d.issue(6, 'empresa', { to: norte.cuit, amount: 12_750, tipo: 'DIFERIDO', pay: 10 });
  await d.op(5, 'norte', repudiado, 'REPUDIATE', { motivo: 'Mercadería no recibida' });
  const anulado = await d.issue(4, 'avalista', { to: empresa.cuit, amount: 18_900, tipo: 'DIFERIDO', pay: 20 });
  await d.op(4, 'avalista', anulado, 'ANNUL', { motivo: 'Error en el importe' });
  // Issued to Comercial Sur (Banco Sur is not on the sandbox: the registry plays it and accepts at once).
  await d.issue(3, 'empresa', { to: sur.cuit, amount: 27_400, tipo: 'DIFERIDO', pay: 27 });
  await d.op(3, 'avalista', cadena, 'ENDORSE', { endorsee_cuit: norte.cuit });
  // EMITIDO-PENDIENTE both ways across the banks, and received from an outside company.
  await d.issue(2, 'norte', { to: empresa.cuit, amount: 540_000, tipo: 'DIFERIDO', pay: 30 });
  await d.issue(1, 'empresa', { to: norte.cuit, amount: 88_150.4, tipo: 'DIFERIDO', pay: 20 });
  await d.receive(1, OUTSIDE.andes, benef, { amount: 33_000, tipo: 'DIFERIDO', pay: 12 });
  // CUSTODIA in dollars: received by Empresa Demo from an outside company and kept in custody.
  const dolares = await d.receive(1, OUTSIDE.pampa, empresa, {
    amount: 4_800,
    currency: 'USD',
    tipo: 'DIFERIDO',
    pay: 35,
  });
  await d.op(1, 'empresa', dolares, 'ACCEPT');
  await d.op(1, 'empresa', dolares, 'CUSTODY');

  // Today: two deposits presented at once to Banco Demo and Banco Norte, and one still DEPOSITADO.
  await d.op(0, 'norte', presentadoDemo, 'DEPOSIT');
  await d.op(0, 'benef', presentadoNorte, 'DEPOSIT');
  await d.tick(0);
  await d.op(0, 'empresa', depositado, 'DEPOSIT');
  await d.settle();
}
