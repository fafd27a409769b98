/** Collections of lots, the landings for foreign buyers and the pages for agents and partners. */
export default {
  collections: {
    count: 'В продаже: {count}',
    inFilter: 'Открыть в фильтре',
    lots: 'Квартиры подборки',
    empty: 'Сейчас в этой подборке нет квартир в продаже. Посмотрите остальные в фильтре или оставьте заявку — подберём похожие.',
    homeTitle: 'Подборки квартир',
    homeLead: 'Готовые квартиры, с отделкой, для семьи — числа обновляются вместе с продажами.',
    open: 'Смотреть подборку «{title}»',
  },
  landings: {
    call: 'Заказать звонок',
    noManagerTitle: 'Менеджер перезвонит вам',
    noManagerText: 'Оставьте номер — менеджер перезвонит в рабочее время. {speaks}',
    messengers: 'Или напишите нам',
    stepsLabel: 'Шаги покупки',
    guidanceTitle: 'Важно',
    guidanceSections: 'Как платить, подписывать и какие налоги',
    faq: 'Вопросы и ответы',
    link: 'Покупка из-за рубежа',
    linkForeign: 'Иностранным покупателям ({language})',
    linkLead: 'Как иностранцу купить квартиру в Москве: шаги, оплата, подписание и налоги.',
    read: 'Как купить из-за рубежа',
  },
  cooperation: {
    title: 'Сотрудничество',
    agents: 'Агентствам и брокерам',
    partners: 'Партнёрам',
    brokerTour: 'Записаться на брокер-тур',
    partnerMeeting: 'Записаться на встречу',
  },
} as const;
