// The "GTM Accuracy" figure (DESIGN 8): the latest completed gtm training job's validation accuracy as a percentage
// with one decimal, or a dash while no gtm job has measured one.
export function gtmAccuracyLabel(share: number | null | undefined): string {
  if (share === null || share === undefined) return "—";
  return `${(share * 100).toFixed(1)}%`;
}
