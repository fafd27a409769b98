import type { Messages } from '../ru/index.ts';

export default {
  converted: '≈ {amount} at the Bank of Russia rate of {date}',
  convertedPerMonth: '≈ {amount} a month at the Bank of Russia rate of {date}',
  compare: 'In your currency',
  switch: {
    label: 'Prices also in',
    submit: 'Apply',
    none: 'Roubles only',
    hint: 'Prices stay in roubles, with the Bank of Russia official rate of {date} beside them.',
    stale: 'The Bank of Russia rate has not been updated lately: prices are shown in roubles only.',
  },
  names: {
    usd: 'US dollars',
    eur: 'Euros',
    cny: 'Chinese yuan',
    aed: 'UAE dirhams',
  },
  filter: {
    unit: 'Price, {code}',
    hint: 'Price bounds in {code} converted to roubles at the Bank of Russia rate of {date}.',
  },
} satisfies Messages['currency'];
