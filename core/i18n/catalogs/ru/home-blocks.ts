/** The home page's main slider, project selector, partners and commercial news. */
export default {
  slider: {
    label: 'Главное',
    carousel: 'карусель',
    slide: 'слайд',
    slideOf: '{index} из {count}',
    previous: 'Предыдущий слайд',
    next: 'Следующий слайд',
    pause: 'Остановить прокрутку слайдов',
    play: 'Запустить прокрутку слайдов',
    goTo: 'Слайд {index}: {title}',
    project: 'Проект «{name}»',
  },
  selector: {
    title: 'Подберите квартиру',
    lead: 'Проект, комнаты и бюджет — число квартир обновляется сразу, остальное уточните в фильтре.',
    project: 'Проект',
    anyProject: 'Все проекты',
    rooms: 'Комнаты',
    budget: 'Бюджет',
    anyBudget: 'Любой бюджет',
    upTo: 'до {value}',
    option: '{label} — {count}',
    found: 'Подходит квартир: {count}',
    submit: 'Показать квартиры',
  },
  partners: {
    title: 'Партнёры',
    banks: 'Банки-партнёры',
    others: 'Мы работаем вместе',
    kind: {
      bank: 'Банк-партнёр',
      architect: 'Архитектурное бюро',
      contractor: 'Генподрядчик',
      agency: 'Агентство недвижимости',
      management: 'Управляющая компания',
    },
  },
  commercial: {
    title: 'Новости коммерческой недвижимости',
    all: 'Все новости о коммерции',
  },
} as const;
