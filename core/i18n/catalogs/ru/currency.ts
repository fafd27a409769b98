/** Prices in other currencies (ADR 037): the converted price beside the roubles, the switch, the filter's currency. */
export default {
  converted: '≈ {amount} по курсу Банка России на {date}',
  convertedPerMonth: '≈ {amount} в месяц по курсу Банка России на {date}',
  compare: 'В валюте',
  switch: {
    label: 'Цены также в валюте',
    submit: 'Выбрать',
    none: 'Только в рублях',
    hint: 'Цены остаются в рублях; рядом — по официальному курсу Банка России на {date}.',
    stale: 'Курс Банка России давно не обновлялся: цены показаны только в рублях.',
  },
  names: {
    usd: 'Доллары США',
    eur: 'Евро',
    cny: 'Китайские юани',
    aed: 'Дирхамы ОАЭ',
  },
  filter: {
    unit: 'Цена, {code}',
    hint: 'Цена от и до в {code} пересчитана в рубли по курсу Банка России на {date}.',
  },
};
