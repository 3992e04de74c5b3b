/**
 * A 1×1 PNG built byte by byte (no zlib, so no library version can change its bytes). Its text
 * chunk mentions `divide`, so a search that did not skip binary files would report it.
 */
export function logoPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, default compression, filter and interlace
  const pixelRow = Buffer.from([0, 0x2b, 0x6c, 0xb0, 0xff]); // filter byte, then one blue pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Comment\0calc logo: add, subtract, divide', 'latin1')),
    chunk('IDAT', storedZlib(pixelRow)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One PNG chunk: length, type, data, then a CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A zlib stream holding `data` in one uncompressed (stored) deflate block. */
function storedZlib(data: Buffer): Buffer {
  const block = Buffer.alloc(5);
  block[0] = 1; // final block, stored
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32(data));
  return Buffer.concat([Buffer.from([0x78, 0x01]), block, data, checksum]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(data: Buffer): number {
  let low = 1;
  let high = 0;
  for (const byte of data) {
    low = (low + byte) % 65521;
    high = (high + low) % 65521;
  }
  return ((high << 16) | low) >>> 0;
}
