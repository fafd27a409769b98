/** Text for an XML element or a double-quoted attribute (sitemaps, portal feeds). */
export const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
