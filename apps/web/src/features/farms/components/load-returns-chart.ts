/**
 * lightweight-charts is only fetched by pages that draw a chart (decision 013). A route loader that knows a
 * chart will be drawn calls this to fetch it beside the rest instead of after the first render (decision
 * 016). It sits apart from the chart's component: the loaders run from the start-up bundle, the component
 * does not.
 */
export const loadReturnsChartCanvas = () => import('./returns-chart-canvas.tsx');
