/**
 * The back office's content-editing words, in its two languages (Russian and English, issue #18). Kept apart
 * from the public site's catalogs: none of it travels to a visitor's browser.
 *
 * Here are the words every kind shares: the pages, buttons and widgets, the engine's messages, and the fields and
 * choices many kinds have (title, published, the kinds of premises…). A kind's own words are in its file
 * (core/admin/kinds/, `words`) and are merged in below, so the catalog the pages read has one shape: `kinds`,
 * `fields`, `options`, `errors` and `errors.shared` hold every kind's. It is one map per part: a field's label is
 * its name's (or its path's), whatever the kind, so two kinds that name a field alike say it alike
 * (core/admin/messages.test.ts).
 */
import { formatMessage } from '#core/i18n/message-format.ts';
import type { KindWords } from './kind.ts';
import type { ContentKindName } from './kinds.ts';
import { KINDS } from './kinds/index.ts';
import type { AdminLocale } from './roles.ts';

const ru = {
  title: 'Содержимое сайта',
  fields: {
    slug: 'Адрес (slug)',
    title: 'Заголовок',
    lead: 'Анонс',
    body: 'Текст',
    image: 'Изображение',
    projectId: 'Проект',
    published: 'Опубликовано',
    description: 'Описание',
    position: 'Порядок в списке',
    text: 'Текст',
    name: 'Название',
    url: 'Адрес страницы',
    id: 'Код (латиницей)',
    kind: 'Вид',
    logo: 'Логотип',
    linkLabel: 'Надпись ссылки',
    imageAlt: 'Описание изображения',
    hero: 'Первый экран',
    'hero.title': 'Заголовок',
  } as Record<string, string>,
  options: {
    flat: 'Квартира',
    parking: 'Машино-место',
    pantry: 'Кладовая',
    commercial: 'Коммерческое помещение',
  } as Record<string, string>,
  languages: { ru: 'Русский', en: 'English', zh: '中文' },
  none: '— не выбрано —',
  yes: 'Да',
  no: 'Нет',
  missingTranslation: 'Нет перевода',
  missingCount: 'Нет перевода: {languages}',
  list: { create: 'Добавить', edit: 'Изменить', empty: 'Пока ничего нет.', status: 'Статус', id: '№' },
  status: { draft: 'Черновик', published: 'Опубликовано', scheduled: 'Запланировано на {date}' },
  edit: {
    newTitle: 'Новая запись: {kind}',
    editTitle: 'Изменение: {title}',
    save: 'Сохранить',
    saving: 'Сохранение…',
    saved: 'Сохранено.',
    created: 'Запись создана.',
    publish: 'Опубликовать',
    unpublish: 'Снять с публикации',
    preview: 'Предпросмотр',
    openOnSite: 'Открыть на сайте',
    back: 'К списку',
    invalid: 'Проверьте поля: {fields}',
    conflict:
      'Эту запись уже изменил другой сотрудник, пока вы её редактировали. Ваши правки не сохранены: обновите страницу, чтобы увидеть текущую версию, и внесите их снова.',
    reload: 'Загрузить текущую версию',
    clear: 'Очистить',
    delete: 'Удалить',
    deleteTitle: 'Удалить «{title}»?',
    deleteText: 'Запись сразу исчезнет с сайта. Удаление можно откатить: кнопкой в списке сразу после него или из журнала действий.',
    deleteConfirm: 'Удалить',
    deleteCancel: 'Не удалять',
    deleted: 'Запись «{title}» удалена.',
  },
  image: {
    upload: 'Загрузить изображение',
    replace: 'Заменить изображение',
    uploading: 'Загрузка…',
    hint: 'JPEG, PNG или WebP, до {mb} МБ',
    alt: 'Загруженное изображение',
    remove: 'Убрать изображение',
  },
  editor: {
    toolbar: 'Форматирование',
    bold: 'Жирный',
    italic: 'Курсив',
    strike: 'Зачёркнутый',
    h2: 'Заголовок',
    h3: 'Подзаголовок',
    bulletList: 'Маркированный список',
    orderedList: 'Нумерованный список',
    blockquote: 'Цитата',
    link: 'Ссылка',
    linkPrompt: 'Адрес ссылки (пусто — убрать ссылку)',
    undo: 'Отменить',
    redo: 'Повторить',
    loading: 'Редактор загружается…',
    apply: 'Применить',
    cancel: 'Отмена',
  },
  week: {
    days: ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'],
    day: 'День',
    open: 'Работает',
    opens: 'Открывается',
    closes: 'Закрывается',
    breakFrom: 'Перерыв с',
    breakTo: 'Перерыв до',
  },
  listWidget: { add: 'Добавить строку', remove: 'Удалить', item: 'Строка {n}' },
  itemsWidget: { add: 'Добавить', remove: 'Удалить', up: 'Выше', down: 'Ниже', item: '{n}-я запись', empty: 'Пока ни одной.' },
  history: {
    title: 'История изменений',
    empty: 'Изменений ещё не было.',
    when: 'Когда',
    who: 'Кто',
    what: 'Что',
    changed: 'Изменённые поля',
    revert: 'Откатить',
    reverted: 'Изменение откачено.',
    actions: { create: 'Создание', update: 'Изменение', delete: 'Удаление', revert: 'Откат' } as Record<string, string>,
  },
  preview: { title: 'Предпросмотр', notice: 'Предпросмотр: так запись будет выглядеть на сайте. Видно только сотрудникам.', language: 'Язык предпросмотра' },
  errors: {
    sitePath: 'Укажите адрес страницы сайта, начинающийся с «/».',
    slug: 'Только строчные латинские буквы, цифры и дефисы.',
    notFound: 'Запись не найдена.',
    conflict: 'Запись изменена другим сотрудником.',
    revertChanged: 'После этого изменения запись меняли ещё раз: откатить можно только последнее изменение.',
    duplicate: 'Такое значение уже есть у другой записи.',
    slugTaken: 'Этот адрес уже занят: по нему открывается страница, подборка или лендинг. Выберите другой.',
    repeatedChoice: 'Каждый вариант можно выбрать только один раз.',
    slugReserved: 'Этот адрес принадлежит разделу сайта (например, /news или /projects): выберите другой.',
    imageType: 'Нужен файл JPEG, PNG или WebP.',
    imageSize: 'Файл больше {mb} МБ.',
    imageBroken: 'Файл не читается как изображение.',
    imageMissing: 'Выберите файл.',
    missingReference: 'Такой записи нет: проверьте код.',
    reservedKey: '«new» — адрес формы новой записи: выберите другое значение.',
    link: 'Адрес страницы сайта, начинающийся с «/», или ссылка http(s)://.',
    code: 'Код: строчные латинские буквы, цифры, «_» и «-», до 64 знаков.',
    inUse: 'Удалить нельзя: на эту запись ещё ссылаются другие (например, программы ипотеки банка).',
  },
};

type SharedMessages = typeof ru;

/** The keys of the kinds' own messages (`errors.cardLink`), which their schemas and bindings name. */
type ErrorsOf<Kind> = Kind extends { words: { ru: { errors?: infer Errors } } } ? keyof NonNullable<Errors> & string : never;
export type KindErrorKey = ErrorsOf<(typeof KINDS)[number]>;

export type AdminContentMessages = Omit<SharedMessages, 'errors'> & {
  kinds: Record<ContentKindName, string>;
  errors: SharedMessages['errors'] & Record<KindErrorKey, string> & { shared: Record<string, string> };
};

const en: SharedMessages = {
  title: 'Site content',
  fields: {
    slug: 'Address (slug)',
    title: 'Title',
    lead: 'Summary',
    body: 'Text',
    image: 'Picture',
    projectId: 'Project',
    published: 'Published',
    description: 'Description',
    position: 'Order in the list',
    text: 'Text',
    name: 'Name',
    url: 'Page address',
    id: 'Code (Latin letters)',
    kind: 'Kind',
    logo: 'Logo',
    linkLabel: 'Link label',
    imageAlt: 'Picture description',
    hero: 'First screen',
    'hero.title': 'Title',
  },
  options: {
    flat: 'Flat',
    parking: 'Parking space',
    pantry: 'Storage room',
    commercial: 'Commercial premises',
  },
  languages: { ru: 'Русский', en: 'English', zh: '中文' },
  none: '— none —',
  yes: 'Yes',
  no: 'No',
  missingTranslation: 'Translation missing',
  missingCount: 'Translation missing: {languages}',
  list: { create: 'Add', edit: 'Edit', empty: 'Nothing here yet.', status: 'Status', id: 'No.' },
  status: { draft: 'Draft', published: 'Published', scheduled: 'Scheduled for {date}' },
  edit: {
    newTitle: 'New item: {kind}',
    editTitle: 'Editing: {title}',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved.',
    created: 'Item created.',
    publish: 'Publish',
    unpublish: 'Unpublish',
    preview: 'Preview',
    openOnSite: 'Open on the site',
    back: 'Back to the list',
    invalid: 'Check the fields: {fields}',
    conflict: 'Someone else changed this item while you were editing it. Your changes were not saved: load the current version and make them again.',
    reload: 'Load the current version',
    clear: 'Clear',
    delete: 'Delete',
    deleteTitle: 'Delete “{title}”?',
    deleteText: 'The item leaves the site at once. The deletion can be reverted: with the button on the list right after it, or from the audit trail.',
    deleteConfirm: 'Delete',
    deleteCancel: 'Keep it',
    deleted: '“{title}” was deleted.',
  },
  image: {
    upload: 'Upload a picture',
    replace: 'Replace the picture',
    uploading: 'Uploading…',
    hint: 'JPEG, PNG or WebP, up to {mb} MB',
    alt: 'Uploaded picture',
    remove: 'Remove the picture',
  },
  editor: {
    toolbar: 'Formatting',
    bold: 'Bold',
    italic: 'Italic',
    strike: 'Strikethrough',
    h2: 'Heading',
    h3: 'Subheading',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    blockquote: 'Quote',
    link: 'Link',
    linkPrompt: 'Link address (empty removes the link)',
    undo: 'Undo',
    redo: 'Redo',
    loading: 'Loading the editor…',
    apply: 'Apply',
    cancel: 'Cancel',
  },
  week: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    day: 'Day',
    open: 'Open',
    opens: 'Opens',
    closes: 'Closes',
    breakFrom: 'Break from',
    breakTo: 'Break until',
  },
  listWidget: { add: 'Add a line', remove: 'Remove', item: 'Line {n}' },
  itemsWidget: { add: 'Add', remove: 'Remove', up: 'Move up', down: 'Move down', item: 'Item {n}', empty: 'None yet.' },
  history: {
    title: 'Change history',
    empty: 'No changes yet.',
    when: 'When',
    who: 'Who',
    what: 'What',
    changed: 'Fields changed',
    revert: 'Revert',
    reverted: 'The change was reverted.',
    actions: { create: 'Created', update: 'Changed', delete: 'Deleted', revert: 'Reverted' },
  },
  preview: { title: 'Preview', notice: 'Preview: how the item will look on the site. Only staff can see it.', language: 'Preview language' },
  errors: {
    sitePath: 'Enter a path of this site starting with "/".',
    slug: 'Lower-case Latin letters, digits and hyphens only.',
    notFound: 'No such item.',
    conflict: 'Another member of staff changed the item.',
    revertChanged: 'The item was changed again after this change: only the latest change can be reverted.',
    duplicate: 'Another item already has this value.',
    slugTaken: 'This address is taken: a page, a collection or a landing opens at it. Choose another.',
    repeatedChoice: 'Each choice may be made once only.',
    slugReserved: 'This address belongs to a section of the site (such as /news or /projects): choose another.',
    imageType: 'Choose a JPEG, PNG or WebP file.',
    imageSize: 'The file is larger than {mb} MB.',
    imageBroken: 'The file cannot be read as a picture.',
    imageMissing: 'Choose a file.',
    missingReference: 'There is no such item: check the code.',
    reservedKey: '"new" is the address of the new-item form: choose another value.',
    link: 'A path of this site starting with "/", or an http(s):// address.',
    code: 'A code of lower-case Latin letters, digits, "_" and "-", up to 64.',
    inUse: 'Cannot be deleted: other items still name it (such as the bank’s mortgage programmes).',
  },
};

/**
 * The shared words with every kind's own merged in. The shared words are laid last, so a kind that said one of their
 * keys otherwise would not be heard: core/admin/messages.test.ts finds any key said two ways.
 */
function withKinds(locale: AdminLocale, shared: SharedMessages): AdminContentMessages {
  const words: KindWords[] = KINDS.map((kind) => kind.words[locale]);
  const merged = (part: (w: KindWords) => Record<string, string> | undefined) => Object.assign({}, ...words.map(part)) as Record<string, string>;
  return {
    ...shared,
    kinds: Object.fromEntries(KINDS.map((kind) => [kind.name, kind.words[locale].kind])) as Record<ContentKindName, string>,
    fields: { ...merged((w) => w.fields), ...shared.fields },
    options: { ...merged((w) => w.options), ...shared.options },
    errors: { ...(merged((w) => w.errors) as Record<KindErrorKey, string>), ...shared.errors, shared: merged((w) => w.shared) },
  };
}

export const ADMIN_CONTENT_MESSAGES: Record<AdminLocale, AdminContentMessages> = { ru: withKinds('ru', ru), en: withKinds('en', en) };

/** The words of a choice: the field's own (`menu.mortgage`) where one value means different things in two fields, else the value's. */
export function optionWord(messages: AdminContentMessages, field: string, value: string): string {
  return messages.options[`${field}.${value}`] ?? messages.options[value] ?? value;
}

/** `{name}` placeholders filled in, by the site's interpolator. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return formatMessage(text, params);
}
