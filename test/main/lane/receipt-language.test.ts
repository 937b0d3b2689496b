import { describe, expect, it } from 'vitest';
import { benchPerTestOnOneService } from './helpers/lane-bench.ts';

const startBench = benchPerTestOnOneService();

/** A credit sale of `amountMinor` swiped on a lane with `settings`, up to its result. */
async function swipedSale(
  amountMinor: number,
  settings: NonNullable<Parameters<typeof startBench>[0]>['settings'],
) {
  const { driver, devices } = await startBench({ devices: { reader: 'wedge' }, settings });
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await devices.present('visa-x924', 'swipe');
  return { driver, devices, workflowId, result: await driver.result() };
}

describe("receipts in the customer's language", () => {
  it("prints the customer's copy in Spanish and the merchant's in the lane's English, on paper and in the preview", async () => {
    const { driver, devices, workflowId, result } = await swipedSale(1450, {
      customerLanguage: 'es',
      merchantCopy: true,
    });
    expect(result.step.result.outcome).toBe('approved');
    const printed = devices.simulators.printer.text();
    const customer = printed.indexOf('COPIA DEL CLIENTE');
    const merchant = printed.indexOf('MERCHANT COPY');
    expect(customer).toBeGreaterThan(-1);
    expect(merchant).toBeGreaterThan(customer);
    expect(printed.slice(0, customer)).toContain('APROBADA');
    expect(printed.slice(0, customer)).not.toContain('CUSTOMER COPY');
    expect(printed.slice(customer)).toContain('APPROVED');
    const entryId = result.step.result.entryId ?? '';
    const preview = await driver.send({ type: 'receipt.preview', entryId, copy: 'customer' });
    expect(preview.text).toContain('COPIA DEL CLIENTE');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
  });

  it("names a decline's reason in the customer's Spanish, never the service's English", async () => {
    const { driver, workflowId, result } = await swipedSale(510, { customerLanguage: 'es' });
    expect(result.step.result.outcome).toBe('declined');
    const entryId = result.step.result.entryId ?? '';
    const customer = await driver.send({ type: 'receipt.preview', entryId, copy: 'customer' });
    expect(customer.text).toContain('RECHAZADA');
    expect(customer.text).toContain('LLAME AL EMISOR');
    expect(customer.text).not.toContain('CALL PROCESSOR');
    const merchant = await driver.send({ type: 'receipt.preview', entryId, copy: 'merchant' });
    expect(merchant.text).toContain('CALL PROCESSOR');
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('cancelled');
  });

  it.each([
    ['en', 'CALL CARD ISSUER'],
    ['es', 'LLAME AL EMISOR'],
  ] as const)(
    "reprints a decline from History for the customer (%s) with why in its words, never the service's text",
    async (customerLanguage, why) => {
      const { driver, workflowId, result } = await swipedSale(510, { customerLanguage });
      expect(result.step.result.outcome).toBe('declined');
      await driver.send({ type: 'workflow.cancel', workflowId });
      await driver.step('cancelled');
      await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
      await driver.idle();
      const entryId = result.step.result.entryId ?? '';
      await driver.send({ type: 'history.reprint', entryId, copy: 'customer' });
      await driver.result();
      const reprint = driver.receipts().at(-1);
      expect(reprint).toMatchObject({ duplicate: true, copy: 'customer' });
      expect(reprint?.text).toContain(why);
      expect(reprint?.text).not.toContain('CALL PROCESSOR');
    },
  );

  it('prints both copies in English by default', async () => {
    const { devices } = await swipedSale(1460, { merchantCopy: true });
    const printed = devices.simulators.printer.text();
    expect(printed).toContain('CUSTOMER COPY');
    expect(printed).toContain('MERCHANT COPY');
    expect(printed).not.toContain('COPIA');
  });
});
