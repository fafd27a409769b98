/** Stories on phones, the benefits (a project's section and its "why this project" dialog) and a project's figures counted by the catalogue. */
export default {
  stories: {
    title: 'Истории',
    open: 'История: {title}',
    viewer: 'История «{title}»',
    cardOf: 'Карточка {index} из {count}',
    previous: 'Предыдущая карточка',
    next: 'Следующая карточка',
    pause: 'Пауза',
    play: 'Продолжить',
    close: 'Закрыть историю',
    hint: 'Касание справа — дальше, слева — назад, удержание — пауза',
    loading: 'Загружаем историю…',
    failed: 'Не удалось загрузить историю. Попробуйте ещё раз.',
    retry: 'Повторить',
  },
  benefits: {
    title: 'Преимущества',
    open: 'Почему «{name}»',
    dialog: 'Почему «{name}»',
    developer: 'Для всех наших проектов',
  },
  figures: {
    buildings: { one: 'дом', few: 'дома', many: 'домов', other: 'дома' },
    storeys: { one: 'этаж', few: 'этажа', many: 'этажей', other: 'этажа' },
    flats: { one: 'квартира в проекте', few: 'квартиры в проекте', many: 'квартир в проекте', other: 'квартиры в проекте' },
    parking: { one: 'машино-место', few: 'машино-места', many: 'машино-мест', other: 'машино-места' },
    ceiling: 'высота потолков',
    completion: 'срок сдачи',
    metres: '{value} м',
    range: '{from}–{to}',
  },
} as const;
