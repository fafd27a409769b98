/** The sun-and-view passport of a lot (issue #41, docs/guides/insolation.md): the lot page, the chessboard's sun layer, the PDF sheet. */
export default {
  title: 'Солнце и вид из окон',
  lead: 'Часы прямого солнца на окнах квартиры в три дня года, с учётом тени от домов квартала и соседней застройки.',
  seasons: { march: '21 марта', june: '22 июня', december: '22 декабря' },
  duration: '{h} ч {m} мин',
  durationHours: '{h} ч',
  durationMinutes: '{m} мин',
  noSun: 'нет прямого солнца',
  /** The text alternative of one day's chart. */
  chartLabel: '{date}: прямое солнце на окнах — {duration}',
  arc: 'Путь солнца за день',
  facing: 'Солнце перед окнами',
  hours: 'Время дня',
  norm: {
    met: 'Инсоляция соответствует СанПиН 1.2.3685-21',
    notMet: 'Нормативная инсоляция (СанПиН 1.2.3685-21) не обеспечена',
    /** The rule of the project's zone by its latitude (core/insolation/norm.ts `normZone`). */
    hints: {
      north:
        'Норма для северной зоны (севернее 58° с. ш.) — не менее 2,5 часа непрерывного солнца в одной из жилых комнат (в двух — для квартир от четырёх комнат) с 22 апреля по 22 августа; допускается прерывистая инсоляция с добавлением получаса.',
      central:
        'Норма — не менее 2 часов непрерывного солнца в одной из жилых комнат (в двух — для квартир от четырёх комнат) с 22 апреля по 22 августа; допускается прерывистая инсоляция с добавлением получаса.',
      south:
        'Норма для южной зоны (южнее 48° с. ш.) — не менее 1,5 часа непрерывного солнца в одной из жилых комнат (в двух — для квартир от четырёх комнат) с 22 февраля по 22 октября; допускается прерывистая инсоляция с добавлением получаса.',
    },
  },
  views: {
    title: 'Вид из окон',
    side: 'Окна на {side}',
    tags: { courtyard: 'двор', park: 'парк', water: 'вода', street: 'улица', city: 'город' },
  },
  sides: { north: 'север', east: 'восток', south: 'юг', west: 'запад' },
  /** The chessboard's layer: a link that shows or hides it, the legend's steps (core/insolation/format.ts `SUN_LAYER_HOURS`), a cell's words. */
  layer: {
    show: 'Показать солнце',
    hide: 'Скрыть солнце',
    legend: 'Солнце 21 марта',
    under: { one: 'меньше {count} часа', few: 'меньше {count} часов', many: 'меньше {count} часов', other: 'меньше {count} часа' },
    between: { one: 'от {from} до {count} часа', few: 'от {from} до {count} часов', many: 'от {from} до {count} часов', other: 'от {from} до {count} часа' },
    atLeast: { one: '{count} час и больше', few: '{count} часа и больше', many: '{count} часов и больше', other: '{count} часа и больше' },
    noFigures: 'нет расчёта солнца',
    cell: 'Солнце 21 марта: {duration}',
    normMet: 'норма инсоляции соблюдена',
    normNotMet: 'норма инсоляции не соблюдена',
  },
};
