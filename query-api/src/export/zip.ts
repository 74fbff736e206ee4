import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip archive of whole files (PKWARE APPNOTE 4.3: local headers, central directory, end
 * record; deflate, no zip64, so below 4 GiB and 65 535 entries — an export is far smaller).
 * Every entry is dated 1980-01-01, the format's first day, so the same files make the same
 * bytes (and the same ETag).
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const dosDate = (1 << 5) | 1; // 1980-01-01
const utf8Names = 1 << 11;

/**
 * The fields a local header and its central directory record share (APPNOTE 4.3.7, 4.3.12), from
 * "version needed" to the name's length: 26 bytes from `at`.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  entry: { crc: number; compressedSize: number; size: number; nameLength: number },
): void {
  header.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  header.writeUInt16LE(utf8Names, at + 2);
  header.writeUInt16LE(8, at + 4); // deflate
  header.writeUInt16LE(0, at + 6);
  header.writeUInt16LE(dosDate, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    const fields = {
      crc,
      compressedSize: compressed.length,
      size: entry.data.length,
      nameLength: name.length,
    };
    writeEntryFields(local, 4, fields);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    writeEntryFields(central, 6, fields);
    // extra, comment, disk, internal and external attributes: 0
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
