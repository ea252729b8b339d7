/**
 * The standalone clearing-house simulator, by hand:
 *   npm run coelsa-sim -w apps/server
 * Environment: COELSA_SIM_PORT (default 4010), COELSA_SIM_HOST (default 127.0.0.1), COELSA_SIM_API_KEY and
 * COELSA_SIM_API_SECRET (default sim-key / sim-secret). Configure a bank with base_url http://127.0.0.1:4010 and
 * that key and secret. Misbehave with POST /__control/behavior {"mode":"slow","delayMs":5000} (modes: normal,
 * slow, error, drop, reject-signature; optional "times").
 * The registry (/v1/registry/*) plays every CUIT and bank code as outside until told they are on the platform:
 * POST /__control/registry/participants {"cuits":["30…"],"bank_codes":["285"]}; POST /__control/registry/tick runs
 * its jobs (it does after every change).
 */
import { startCoelsaSimulator } from './server';

const key = process.env.COELSA_SIM_API_KEY ?? 'sim-key';
const secret = process.env.COELSA_SIM_API_SECRET ?? 'sim-secret';
const sim = await startCoelsaSimulator({
  port: Number(process.env.COELSA_SIM_PORT ?? 4010),
  host: process.env.COELSA_SIM_HOST ?? '127.0.0.1',
  credentials: { [key]: secret },
});
console.log(`Simulador de COELSA escuchando en ${sim.url} (api key: ${key})`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
