import { useState } from 'react';
import {
  CUSTOMER_INPUTS,
  CUSTOMER_INPUT_RULES,
  SERVICE_ID_PATTERN,
  type ConfiguredServiceView,
  type ConfiguredVariationView,
  type CustomerInput,
  type VtpassVariationView,
} from '@shared/api/configured-services.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, Input, Select, Spinner, Switch, notify } from '@/ui/index.js';
import { fetchVariations, useConfiguredServices, useSaveService } from '../api/admin-services.js';

/** A service being edited: its configuration, and the updatedAt it was read at (null: new). */
interface Draft {
  serviceID: string;
  name: string;
  customerInput: CustomerInput;
  verify: boolean;
  enabled: boolean;
  variations: ConfiguredVariationView[];
  updatedAt: string | null;
}

const EMPTY: Draft = { serviceID: '', name: '', customerInput: 'phone', verify: false, enabled: false, variations: [], updatedAt: null };

const fromView = (view: ConfiguredServiceView): Draft => ({ ...view, updatedAt: view.updatedAt });

/**
 * VTpass's plans merged into the draft: a plan already priced keeps its prices (a fixed one takes
 * VTpass's current price); a new one starts unavailable, priced at VTpass's price (free amount:
 * 100% of the amount) for the admin to set. Plans VTpass no longer lists stay, made unavailable.
 */
export function mergeVariations(current: readonly ConfiguredVariationView[], listed: readonly VtpassVariationView[]): ConfiguredVariationView[] {
  const byCode = new Map(current.map((v) => [v.variation_code, v]));
  const merged = listed.map((v): ConfiguredVariationView => {
    const known = byCode.get(v.variation_code);
    if (known && known.fixedPrice === v.fixedPrice) return known.fixedPrice ? { ...known, amount: v.variation_amount } : known;
    if (v.fixedPrice) {
      const price = v.variation_amount;
      return {
        variation_code: v.variation_code,
        name: v.name,
        isAvailable: false,
        fixedPrice: true,
        amount: price,
        costPrice: price,
        my_price: price,
        resellerPrice: price,
        apiPrice: price,
      };
    }
    return {
      variation_code: v.variation_code,
      name: v.name,
      isAvailable: false,
      fixedPrice: false,
      minAmount: 100,
      maxAmount: 50_000,
      costPercent: 100,
      my_pricePercent: 100,
      resellerPricePercent: 100,
      apiPricePercent: 100,
    };
  });
  const gone = current.filter((v) => !listed.some((l) => l.variation_code === v.variation_code)).map((v) => ({ ...v, isAvailable: false }));
  return [...merged, ...gone];
}

type PriceField =
  | 'costPrice'
  | 'my_price'
  | 'resellerPrice'
  | 'apiPrice'
  | 'minAmount'
  | 'maxAmount'
  | 'costPercent'
  | 'my_pricePercent'
  | 'resellerPricePercent'
  | 'apiPricePercent';

const FIXED_FIELDS: ReadonlyArray<[PriceField, string]> = [
  ['costPrice', 'Cost ₦'],
  ['my_price', 'Smart earner ₦'],
  ['resellerPrice', 'Reseller ₦'],
  ['apiPrice', 'API ₦'],
];
const FREE_FIELDS: ReadonlyArray<[PriceField, string]> = [
  ['minAmount', 'Min ₦'],
  ['maxAmount', 'Max ₦'],
  ['costPercent', 'Cost %'],
  ['my_pricePercent', 'Smart earner %'],
  ['resellerPricePercent', 'Reseller %'],
  ['apiPricePercent', 'API %'],
];

/**
 * The back office's configured VTpass services: pick a serviceID, say what the customer types and
 * whether VTpass verifies it, sync its plans from VTpass's service-variations, set each tier's
 * price, switch it on or off. Nothing here needs code: the customer's screen, the API and the price
 * list follow the saved configuration.
 */
export function AdminServicesPage() {
  const services = useConfiguredServices();
  const save = useSaveService();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [syncing, setSyncing] = useState(false);

  const change = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const changeVariation = (code: string, patch: Partial<Record<PriceField | 'isAvailable', number | boolean>>) =>
    setDraft((d) => (d ? { ...d, variations: d.variations.map((v) => (v.variation_code === code ? ({ ...v, ...patch } as ConfiguredVariationView) : v)) } : d));

  const sync = async () => {
    if (!draft) return;
    if (!SERVICE_ID_PATTERN.test(draft.serviceID)) return notify.warn('Enter the VTpass serviceID first (e.g. smile-direct)');
    setSyncing(true);
    try {
      const answer = await fetchVariations(draft.serviceID);
      setDraft((d) => (d ? { ...d, name: d.name || answer.serviceName, variations: mergeVariations(d.variations, answer.variations) } : d));
      notify.success(`${answer.variations.length} plans from VTpass`);
    } catch (error) {
      notify.error(errorMessage(error, 'VTpass could not be reached, please try again'));
    } finally {
      setSyncing(false);
    }
  };

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: (answer) => {
        notify.success(answer.msg);
        setDraft(fromView(answer.service));
      },
      onError: (error) => notify.error(errorMessage(error, 'The service could not be saved')),
    });
  };

  return (
    <section className="page" data-testid="admin-services">
      <h1>VTpass services</h1>
      <p className="muted">Offer any VTpass service without code: its plans come from VTpass, its prices and switch from here.</p>
      {services.isPending ? <Spinner label="Loading services…" /> : null}
      <div className="card card-flush">
        <ul className="list" data-testid="admin-service-list">
          {(services.data?.services ?? []).map((s) => (
            <li key={s.serviceID} className="list-row">
              <button type="button" className="link" onClick={() => setDraft(fromView(s))} data-testid={`edit-service-${s.serviceID}`}>
                {s.name} <small className="muted">({s.serviceID})</small>
              </button>{' '}
              <span className={`badge ${s.enabled ? 'badge-success' : 'badge-failed'}`}>{s.enabled ? 'On' : 'Off'}</span>
            </li>
          ))}
        </ul>
        <p>
          <Button variant="secondary" onClick={() => setDraft({ ...EMPTY })} data-testid="new-service">
            New service
          </Button>
        </p>
      </div>

      {draft ? (
        <form className="card form" onSubmit={onSave} noValidate data-testid="service-editor">
          <Input
            label="VTpass serviceID"
            value={draft.serviceID}
            readOnly={draft.updatedAt !== null}
            placeholder="smile-direct"
            onChange={(event) => change({ serviceID: event.target.value.trim().toLowerCase() })}
          />
          <Input label="Name on screens" value={draft.name} onChange={(event) => change({ name: event.target.value })} />
          <Select
            label="The customer types"
            options={CUSTOMER_INPUTS.map((input) => ({ value: input, label: CUSTOMER_INPUT_RULES[input].label }))}
            value={draft.customerInput}
            onChange={(event) => change({ customerInput: event.target.value as CustomerInput })}
          />
          <Switch
            label="VTpass verifies the customer first (merchant-verify)"
            checked={draft.verify}
            onChange={(event) => change({ verify: event.target.checked })}
          />
          <Button variant="secondary" onClick={sync} loading={syncing} data-testid="sync-variations">
            Sync plans from VTpass
          </Button>
          <div className="table-wrap">
            <table className="table" data-testid="variation-table">
              <thead>
                <tr>
                  <th>On sale</th>
                  <th>Plan</th>
                  <th>Prices</th>
                </tr>
              </thead>
              <tbody>
                {draft.variations.map((v) => (
                  <tr key={v.variation_code} data-testid="variation-row" data-code={v.variation_code}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${v.name} on sale`}
                        checked={v.isAvailable}
                        onChange={(event) => changeVariation(v.variation_code, { isAvailable: event.target.checked })}
                      />
                    </td>
                    <td>
                      <strong>{v.name}</strong>
                      <br />
                      <small className="muted">
                        {v.variation_code} · {v.fixedPrice ? `VTpass ${showNaira(Number(v.amount))}` : 'any amount'}
                      </small>
                    </td>
                    <td>
                      <div className="chips">
                        {(v.fixedPrice ? FIXED_FIELDS : FREE_FIELDS).map(([field, label]) => (
                          <label key={field} className="field-inline">
                            <small>{label}</small>
                            <input
                              type="number"
                              inputMode="decimal"
                              step="0.01"
                              data-field={field}
                              value={String((v as Record<string, unknown>)[field] ?? '')}
                              onChange={(event) => changeVariation(v.variation_code, { [field]: Number(event.target.value) })}
                            />
                          </label>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Switch
            label="On sale (switched on)"
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
            data-testid="service-enabled"
          />
          <Button type="submit" block loading={save.isPending} data-testid="save-service">
            Save
          </Button>
        </form>
      ) : null}
    </section>
  );
}
