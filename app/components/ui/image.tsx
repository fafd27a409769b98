import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { buildImageSet, type ImageSet } from '#core/image/image-set.ts';
import type { ImagePresetName } from '#core/image/presets.ts';
import type { Gravity, OutputFormat, ResizingType } from '#core/image/types.ts';
import { buildUsageSet, type ImageUsageName, type PictureSource } from '#core/image/usages.ts';
import type { DeviceState } from '#core/device.ts';
import { useDevice } from '#app/lib/device-context.tsx';
import { getImageLoader, type LazyStatus } from '#app/lib/image-loader.ts';

/** What every image takes, whichever way its URLs are made. */
type CommonImageProps = {
  /** Required; pass "" for a purely decorative image. */
  alt: string;
  /** The largest image above the fold: loaded at once with fetchpriority=high and preloaded from <head>. */
  priority?: boolean;
  /** Above the fold but not the largest (the rest of a grid's first row): loaded at once, at normal priority. */
  eager?: boolean;
  /** Classes for the wrapper, which sizes the image (`w-full` by default, `rounded-xl`…). */
  className?: string;
};

/**
 * A picture from loader data, shown as one of the site's usages (`IMAGE_USAGES`: box, sizes, fit). With
 * signed image URLs the loader has attached the signed set for that usage (`pictureSigner`); otherwise
 * the component makes the same URLs itself.
 */
type PictureImageProps = CommonImageProps & { picture: PictureSource; usage: ImageUsageName };

/** An image described in place (UI kit, tests). Its URLs are made in render, so they are never signed. */
type SourceImageProps = CommonImageProps & {
  /** Media path, e.g. `demo/hero.jpg` (see DEMO_MEDIA), or an allow-listed remote URL. */
  src: string;
  /** The box on the page in CSS pixels: reserved before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** HTML `sizes` for images whose width follows the layout (`(min-width: 1024px) 50vw, 100vw`). */
  sizes?: string;
  preset?: ImagePresetName;
  /**
   * `fill` (crop to the box) by default, which keeps the loaded image exactly the reserved shape. With
   * `fit`, the image can be narrower or shorter than the box: give the wrapper the box's aspect
   * (`className="aspect-[4/3] [&_img]:object-contain"`) so nothing moves when it arrives.
   */
  fit?: ResizingType;
  gravity?: Gravity;
  quality?: number;
  background?: string;
  format?: OutputFormat;
  /** URLs made on the server (`buildImageSet` with a signer); wins over building them here. */
  imageSet?: ImageSet;
};

export type ImageProps = PictureImageProps | SourceImageProps;

function imageSetOf(props: ImageProps, device: DeviceState): ImageSet {
  if ('picture' in props) return props.picture.imageSets?.[props.usage] ?? buildUsageSet(props.usage, props.picture, device);
  return (
    props.imageSet ??
    buildImageSet(
      {
        src: props.src,
        width: props.width,
        height: props.height,
        sizes: props.sizes,
        preset: props.preset,
        fit: props.fit,
        position: props.gravity,
        quality: props.quality,
        background: props.background,
        format: props.format,
      },
      device,
    )
  );
}

/**
 * The one image component. It always server-renders a real <img> with its src, srcset, width and height, so the
 * browser reserves the box and loads the picture itself: priority images at once with high priority, eager ones at
 * once, the others natively lazy as they come near the viewport — before hydration, without JavaScript, and inside
 * a deferred part whose server HTML is kept until its code loads (ADR 027). After hydration the lazy loader only
 * follows each picture's statuses (spec §4) and asks again for one that failed once the browser is back online.
 */
export function Image(props: ImageProps) {
  const device = useDevice();
  const set = imageSetOf(props, device);
  // `pic` (app/app.css) sizes the wrapper and its <img>: one short class where each picture repeated two lists.
  const wrapper = `pic ${props.className ?? ''}`.trim();

  if (props.priority) {
    // Hoisted into <head> by React, so the download starts before the parser reaches the <img>.
    preload(set.src, { as: 'image', imageSrcSet: set.srcSet, imageSizes: set.sizes, fetchPriority: 'high' });
  }
  if (props.priority || props.eager || device.crawler) {
    const eager = props.priority || props.eager;
    return (
      <span className={wrapper}>
        <img
          src={set.src}
          srcSet={set.srcSet}
          sizes={set.sizes}
          alt={props.alt}
          width={set.width}
          height={set.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={props.priority ? 'high' : undefined}
          decoding={props.priority ? undefined : 'async'}
        />
      </span>
    );
  }
  return <LazyImage set={set} alt={props.alt} className={wrapper} />;
}

function LazyImage({ set, alt, className }: { set: ImageSet; alt: string; className: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useState<LazyStatus | 'idle'>('idle');
  const { src, srcSet, sizes } = set;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let failed = false;
    return getImageLoader().observe({
      element,
      source: { src, srcSet, sizes },
      onStatus: (next) => {
        setStatus(next);
        if (next === 'error') failed = true;
        // The loader got it on a retry (back online): the page's own <img>, which failed too, asks again.
        if (next === 'applied' && failed) {
          failed = false;
          if (srcSet) element.srcset = srcSet;
          element.src = src;
        }
      },
    });
  }, [src, srcSet, sizes]);

  return (
    <span className={className}>
      <img
        ref={ref}
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={alt}
        width={set.width}
        height={set.height}
        loading="lazy"
        decoding="async"
        data-status={status}
      />
    </span>
  );
}
