import { homeSlides } from '../../../../db/schema/index.ts';
import { pick, type Binding, type Picture } from '../binding.ts';
import { mediaIdOf, pictureValue } from '../picture.ts';

const fields = ['title', 'text', 'linkLabel', 'url', 'projectId', 'imageAlt', 'published', 'position'] as const;

/** The home page's slider (`home_slides`): a picture in three columns. */
export const slides: Binding = {
  table: homeSlides,
  key: homeSlides.id,
  scope: null,
  toValues: (row) => ({ ...pick(row, fields), image: pictureValue(row.image, row.imageWidth, row.imageHeight, row.imageMediaId) }),
  toRow: (values) => {
    const image = values.image as Picture;
    return {
      ...pick(values, fields),
      image: image.src,
      imageWidth: image.width,
      imageHeight: image.height,
      imageMediaId: mediaIdOf(image),
      updatedAt: new Date(),
    };
  },
};
