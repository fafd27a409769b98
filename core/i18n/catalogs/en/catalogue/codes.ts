import type { Messages } from '../../ru/index.ts';

const part: Pick<
  Messages['catalogue'],
  | 'common'
  | 'plural'
  | 'projectStatus'
  | 'lotType'
  | 'lotTypePlural'
  | 'lotShort'
  | 'status'
  | 'rentStatus'
  | 'reservedUntil'
  | 'programme'
  | 'finish'
  | 'rooms'
  | 'completion'
  | 'shared'
  | 'units'
  | 'words'
> = {
  common: {
    from: 'from {value}',
    area: '{value} m²',
    perM2: '{value} per m²',
    perMonth: '{value}/mo',
    perM2Month: '{value} per m² per month',
    metres: '{value} m',
    floor: 'floor {floor}',
    section: 'section {number}',
    soldOut: 'Sold out',
    close: 'Close',
    compact: { e3: '₽{value}k', e4: '', e6: '₽{value}m', e8: '', e9: '₽{value}bn' },
  },
  plural: {
    lotsLeft: { one: '{count} unit for sale', few: '{count} units for sale', many: '{count} units for sale', other: '{count} units for sale' },
    lots: { one: '{count} unit', few: '{count} units', many: '{count} units', other: '{count} units' },
    rooms: { one: '{count} room', few: '{count} rooms', many: '{count} rooms', other: '{count} rooms' },
    floors: { one: '{count} floor', few: '{count} floors', many: '{count} floors', other: '{count} floors' },
    projects: { one: '{count} project', few: '{count} projects', many: '{count} projects', other: '{count} projects' },
    years: { one: '{count} year', few: '{count} years', many: '{count} years', other: '{count} years' },
  },
  projectStatus: { completed: 'Completed', construction: 'Under construction', presale: 'Coming soon' },
  lotType: { flat: 'Flat', parking: 'Parking space', pantry: 'Storage room', commercial: 'Commercial premises' },
  lotTypePlural: { flat: 'Flats', parking: 'Parking', pantry: 'Storage', commercial: 'Commercial' },
  lotShort: { flat: 'Flat {number}', parking: 'Parking {number}', pantry: 'Storage {number}', commercial: 'Unit {number}' },
  status: { free: 'For sale', booked: 'Booked', sold: 'Sold', auction: 'Auction', held: 'Reserved', reserved: 'Reserved' },
  rentStatus: { free: 'For rent', booked: 'Booked', sold: 'Let', auction: 'Auction', held: 'Reserved', reserved: 'Reserved' },
  reservedUntil: 'Reserved until {date}',
  programme: { label: 'Ways to buy', mortgage: 'Mortgage', 'family-mortgage': 'Family mortgage', 'it-mortgage': 'IT mortgage', installment: 'Instalment plan' },
  finish: { none: 'Shell and core', whitebox: 'White box', finished: 'Finished', furnished: 'Furnished' },
  rooms: {
    studio: 'Studio',
    flat: '{count}-room flat',
    euroFlat: 'Euro {count}-room flat',
    euroShort: 'Euro {count}-room',
    label: 'Rooms',
    chip: { '0': 'Studio', '1': '1', '2': '2', '3': '3', '4': '4+' },
  },
  completion: { done: 'Completed', quarter: 'Q{number} {year}', phrase: 'Completion: {when}' },
  shared: { badge: 'Joint project' },
  units: { price: '₽', area: 'm²' },
  /** Codes stored in the catalogue (views, windows, features, purposes, filter items, picture kinds) as words. */
  words: {
    view: {
      park: 'Park view',
      water: 'Water view',
      city: 'City view',
      courtyard: 'Courtyard view',
      street: 'Street view',
    },
    window: {
      north: 'North',
      south: 'South',
      east: 'East',
      west: 'West',
    },
    feature: {
      loggia: 'Loggia',
      balcony: 'Balcony',
      wardrobe: 'Walk-in wardrobe',
      master_bedroom: 'Master bedroom',
      two_bathrooms: 'Two bathrooms',
      terrace: 'Terrace',
      panoramic_windows: 'Floor-to-ceiling windows',
      laundry: 'Laundry room',
      ev_charging: 'EV charger',
      wide: 'Wide space',
      near_lift: 'Next to the lift',
      street_entrance: 'Street entrance',
      shop_window: 'Shop windows',
      wet_point: 'Water supply point',
      bathroom_window: 'Window in the bathroom',
      two_window_room: 'Room with two windows',
      high_ceilings: 'High ceilings',
      corner: 'Corner flat',
    },
    purpose: {
      shop: 'Shop',
      cafe: 'Café',
      office: 'Office',
      services: 'Services',
      clinic: 'Clinic',
    },
    spec: {
      project: 'Project',
      building: 'Building',
      type: 'Property type',
      rooms: 'Rooms',
      euro: 'Euro layout',
      price: 'Price',
      monthly_payment: 'Monthly payment',
      area: 'Area',
      floor: 'Floor',
      completion: 'Completion',
      features: 'Layout',
      view: 'View',
      windows: 'Windows face',
      sun_march: 'Sun on 21 March',
      sun_norm: 'Meets the sunlight norm',
      finish: 'Finish',
      status: 'Status',
      discount: 'On offer',
      not_first_floor: 'Not the ground floor',
      not_last_floor: 'Not the top floor',
      district: 'District',
      realty_types: 'Property type',
      year: 'Year',
    },
    feed: {
      place: '{title}. {project}, {building}, section {section}, {floor}.',
      floor: 'floor {floor}',
      floorOf: 'floor {floor} of {floors}',
      underground: 'underground level {floor}',
      completion: 'Completion: {when}.',
      address: 'Address: {address}.',
    },
    alt: {
      genplan: 'Master plan',
      facade: 'Facade',
      floorPlan: 'Floor plan',
      progress: 'Construction progress',
      floor: 'floor {floor}',
    },
  },
};
export default part;
