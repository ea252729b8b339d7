/**
 * The standalone clearing-house simulator, by hand:
 *   npm run coelsa-sim -w apps/server
 * Environment: COELSA_SIM_PORT (default 4010), COELSA_SIM_HOST (default 127.0.0.1), COELSA_SIM_API_KEY and
 * COELSA_SIM_API_SECRET (default sim-key / sim-secret), COELSA_SIM_BANK_CODE (the 3-digit code of the bank that key
 * belongs to: the registry knows the bank by its key and refuses a key without one). Configure a bank with base_url
 * http://127.0.0.1:4010 and that key and secret. Misbehave with POST /__control/behavior {"mode":"slow","delayMs":5000} (modes: normal,
 * slow, error, drop, reject-signature; optional "times").
 * The registry (/v1/registry/*) plays every CUIT and bank code as outside until told they are on the platform:
 * POST /__control/registry/participants {"cuits":["30…"],"bank_codes":["285"]}; POST /__control/registry/tick runs
 * its jobs (it does after every change).
 */
import { startCoelsaSimulator } from './server';

const key = process.env.COELSA_SIM_API_KEY ?? 'sim-key';
const secret = process.env.COELSA_SIM_API_SECRET ?? 'sim-secret';
const bankCode = process.env.COELSA_SIM_BANK_CODE;
if (bankCode !== undefined && !/^\d{3}$/.test(bankCode)) {
  console.error(`COELSA_SIM_BANK_CODE inválido: ${bankCode} (3 dígitos)`);
  process.exit(1);
}
const sim = await startCoelsaSimulator({
  port: Number(process.env.COELSA_SIM_PORT ?? 4010),
  host: process.env.COELSA_SIM_HOST ?? '127.0.0.1',
  credentials: { [key]: bankCode ? { secret, bankCode } : secret },
});
console.log(`Simulador de COELSA escuchando en ${sim.url} (api key: ${key}${bankCode ? `, banco ${bankCode}` : ''})`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
