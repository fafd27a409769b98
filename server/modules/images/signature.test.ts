import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildImageUrl, parseImagePath } from '#core/image/url.ts';
import { createImageSigner, isValidSignature } from './signature.ts';

const DOC_PATH = '/rs:fill:300:400:0/g:sm/aHR0cDovL2V4YW1w/bGUuY29tL2ltYWdl/cy9jdXJpb3NpdHku/anBn.png';

describe('image URL signatures (imgproxy scheme)', () => {
  it('matches imgproxy\'s documented vector: key "secret", salt "hello"', () => {
    const sign = createImageSigner({ key: '736563726574', salt: '68656C6C6F' });
    expect(sign(DOC_PATH)).toBe('oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8');
  });

  it("matches imgproxy's own test vector: test-key / test-salt / asd", () => {
    const sign = createImageSigner({ key: Buffer.from('test-key').toString('hex'), salt: Buffer.from('test-salt').toString('hex') });
    expect(sign('asd')).toBe('dtLwhdnPPiu_epMl1LrzheLpvHas-4mwvY6L3Z8WwlY');
  });

  it('matches an independent node:crypto computation for the examples key pair', () => {
    const key = '943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881';
    const salt = '520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5';
    const expected = createHmac('sha256', Buffer.from(key, 'hex')).update(Buffer.from(salt, 'hex')).update(DOC_PATH).digest('base64url');
    expect(createImageSigner({ key, salt })(DOC_PATH)).toBe(expected);
    expect(expected).toBe('90UxdwGRAI2bpLSHKkZculJau5ahfxfS0h3fMuQAf40');
  });

  it('verifies what the builder signs, and nothing else', () => {
    const sign = createImageSigner({ key: 'aa396160c50ea766910eab53', salt: 'b3fb8f215827bda5d0e7313d' });
    const url = buildImageUrl('demo/hero.jpg', { width: 640, format: 'webp' }, { sign });
    const parsed = parseImagePath(url.slice('/img'.length));
    expect(isValidSignature(sign, parsed.signature, parsed.signedPath)).toBe(true);
    expect(isValidSignature(sign, parsed.signature, parsed.signedPath.replace('640', '641'))).toBe(false);
    expect(isValidSignature(sign, '_', parsed.signedPath)).toBe(false);
    expect(isValidSignature(sign, `${parsed.signature}x`, parsed.signedPath)).toBe(false);
  });

  it('refuses keys that are not hex', () => {
    expect(() => createImageSigner({ key: 'secret', salt: '00' })).toThrow('IMGPROXY_KEY must be a non-empty, even-length hex string.');
    expect(() => createImageSigner({ key: '00', salt: 'abc' })).toThrow('IMGPROXY_SALT');
  });
});
