import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/**
 * A bar per product, longest first, labelled by `format`: loaded apart (the charting library
 * is large) so the deck page does not wait for it.
 */
export default function ProductBars({
  products,
  format,
}: {
  products: readonly { name: string; seconds: number }[];
  format: (seconds: number) => string;
}) {
  const data = products.map((product) => ({
    product: product.name,
    minutes: Math.round((product.seconds / 60) * 100) / 100,
  }));
  return (
    <BarChart
      h={Math.max(120, data.length * 44)}
      data={data}
      dataKey="product"
      orientation="vertical"
      series={[{ name: 'minutes', label: 'Time', color: 'blue.6' }]}
      valueFormatter={(minutes) => format(minutes * 60)}
      yAxisProps={{ width: 110 }}
      gridAxis="none"
      // A picture of the figures listed beside it: named as an image.
      role="img"
      aria-label="Time per product"
    />
  );
}
