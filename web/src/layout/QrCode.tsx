import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A real, scannable QR code drawn as SVG (the scan-code popups of §1/§2). */
export function QrCode(props: { value: string; label: string; size?: number }) {
  const { value, label, size = 132 } = props;
  const cells = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const count = code.getModuleCount();
    const dark: string[] = [];
    for (let row = 0; row < count; row += 1) {
      for (let col = 0; col < count; col += 1)
        if (code.isDark(row, col)) dark.push(`M${col + 2},${row + 2}h1v1h-1z`);
    }
    return { count, path: dark.join('') };
  }, [value]);
  const box = cells.count + 4;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#fff" />
      <path d={cells.path} fill="#0b1f44" />
    </svg>
  );
}
