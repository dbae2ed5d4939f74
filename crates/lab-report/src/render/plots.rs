//! Inline SVG charts drawn with plotters' SVG backend (no font features: plotters' naive
//! font estimates text extents and the SVG keeps real `<text>` elements the browser lays
//! out, so labels render without any font files).

use super::text::param_text;
use crate::analysis::view::{is_byte_workload, Group, Shape};
use crate::error::{Error, Result};
use lab_record::{Family, Record};
use plotters::coord::combinators::BindKeyPoints;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

const WIDTH: u32 = 860;
const HEIGHT: u32 = 430;

/// Distinct, colour-blind friendly-ish series colours (Tableau 10).
const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// A labelled line: points of (x, y, y at the interval's one end, y at the other).
type Series = (String, Vec<(f64, f64, f64, f64)>);

fn color(i: usize) -> RGBColor {
    COLORS[i % COLORS.len()]
}

fn plot_err<E: std::fmt::Debug>(what: &str) -> impl Fn(E) -> Error + '_ {
    move |e| Error::Other(format!("cannot draw {what}: {e:?}"))
}

/// Tick positions for a log axis over [lo, hi]: 1-2-5 steps per decade, thinned to about
/// eight so labels never collide.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut ticks = Vec::new();
    let mut decade = 10f64.powf(lo.max(1e-12).log10().floor());
    while decade <= hi {
        for m in [1.0, 2.0, 5.0] {
            let t = decade * m;
            if t >= lo && t <= hi {
                ticks.push(t);
            }
        }
        decade *= 10.0;
    }
    let step = ticks.len().div_ceil(8).max(1);
    if step > 1 {
        // Keep the powers of ten when thinning.
        ticks.retain(|t| {
            let l = t.log10();
            (l - l.round()).abs() < 1e-9
        });
    }
    ticks
}

/// Decimal tick labels for a log byte axis: 100 B, 1 kB, 10 MB.
fn decimal_bytes(x: f64) -> String {
    if x >= 1e6 {
        format!("{} MB", trim(x / 1e6))
    } else if x >= 1e3 {
        format!("{} kB", trim(x / 1e3))
    } else {
        format!("{} B", trim(x))
    }
}

fn trim(v: f64) -> String {
    let s = format!("{v:.1}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Throughput in MiB/s (byte workloads) or millions of items per second; `ns` per item.
fn rate(r: &Record, ns: f64) -> f64 {
    if is_byte_workload(r) {
        r.bytes_per_item() * 1e9 / ns / (1024.0 * 1024.0)
    } else {
        1e9 / ns / 1e6
    }
}

fn rate_unit(group: &Group) -> &'static str {
    let items = group.cells.values().any(|r| !is_byte_workload(r));
    match (items, group.family) {
        (true, Family::AccountHash | Family::LtHash) => "million accounts / s",
        (true, _) => "million items / s",
        (false, _) => "MiB/s",
    }
}

/// A drawn chart and its caption (drawn as its title too).
pub struct Chart {
    pub svg: String,
    pub caption: String,
}

/// The chart for a group, or None when it has nothing to draw.
pub fn chart(group: &Group) -> Result<Option<Chart>> {
    if group.cells.is_empty() {
        return Ok(None);
    }
    let what = match group.shape {
        Shape::Sizes => "throughput by size",
        Shape::Sweep => "time per hash by buffer capacity",
        Shape::Bars => "throughput",
    };
    let caption = format!("{}: {what} (95% CI)", group.title());
    let svg = match group.shape {
        Shape::Sizes => sizes_chart(group, &caption)?,
        Shape::Sweep => sweep_chart(group, &caption)?,
        Shape::Bars => bars_chart(group, &caption)?,
    };
    Ok(Some(Chart { svg, caption }))
}

/// One series as a labelled line with a dot per point (error bars are drawn by the caller).
fn draw_line<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    label: &str,
    pts: &[(f64, f64, f64, f64)],
    c: RGBColor,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate<From = (f64, f64)>,
{
    chart
        .draw_series(LineSeries::new(
            pts.iter().map(|p| (p.0, p.1)),
            c.stroke_width(2),
        ))?
        .label(label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 22, y)], c.stroke_width(3)));
    chart.draw_series(pts.iter().map(|p| Circle::new((p.0, p.1), 3, c.filled())))?;
    Ok(())
}

/// The legend box, at `position`.
fn legend<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(180, 180, 180))
        .label_font(("sans-serif", 13))
        .draw()
}

/// One line per strategy: throughput against bytes hashed per item, with the interval.
fn size_series(group: &Group) -> Vec<Series> {
    let mut series: Vec<Series> = Vec::new();
    for label in group.labels.iter().filter(|l| !group.is_control(l)) {
        let pts: Vec<(f64, f64, f64, f64)> = group
            .params
            .iter()
            .filter_map(|p| group.cell(p, label))
            .map(|r| {
                let x = r.bytes_per_item().max(1.0);
                let t = &r.ns_per_item();
                (x, rate(r, t.estimate), rate(r, t.upper), rate(r, t.lower))
            })
            .collect();
        if !pts.is_empty() {
            series.push((label.clone(), pts));
        }
    }
    series
}

/// Log axes' ranges around every point and interval: (x range, y range).
fn size_bounds(series: &[Series]) -> ((f64, f64), (f64, f64)) {
    let xs = series.iter().flat_map(|s| s.1.iter().map(|p| p.0));
    let (xmin, xmax) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let ys = series.iter().flat_map(|s| s.1.iter());
    let (ymin, ymax) = ys.fold((f64::MAX, 0.0f64), |(a, b), p| (a.min(p.2), b.max(p.3)));
    // Log y: equal ratios look equal at every size, so a 5% gap at 165 B is as visible
    // as one at 10 MiB.
    let y = ((ymin / 1.25).max(1e-9), (ymax * 1.25).max(1e-8));
    ((xmin / 1.6, xmax * 1.6), y)
}

/// An error bar with caps on a log x axis.
fn capped_bar(x: f64, lo: f64, hi: f64, c: RGBColor) -> [PathElement<(f64, f64)>; 3] {
    [
        PathElement::new(vec![(x, lo), (x, hi)], c.stroke_width(1)),
        PathElement::new(vec![(x / 1.04, lo), (x * 1.04, lo)], c.stroke_width(1)),
        PathElement::new(vec![(x / 1.04, hi), (x * 1.04, hi)], c.stroke_width(1)),
    ]
}

/// Throughput against bytes hashed per item, log axes, one line per strategy, with
/// confidence-interval error bars.
fn sizes_chart(group: &Group, caption: &str) -> Result<String> {
    let e = plot_err("size chart");
    let series = size_series(group);
    let ((xlo, xhi), (ylo, yhi)) = size_bounds(&series);
    let (xticks, yticks) = (log_ticks(xlo, xhi), log_ticks(ylo, yhi));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(70)
            .build_cartesian_2d(
                (xlo..xhi).log_scale().with_key_points(xticks),
                (ylo..yhi).log_scale().with_key_points(yticks),
            )
            .map_err(&e)?;
        chart
            .configure_mesh()
            .x_desc("bytes hashed per item (an account's fixed fields + its data), log scale")
            .y_desc(format!("{} (log scale)", rate_unit(group)))
            .x_label_formatter(&|x| decimal_bytes(*x))
            .y_label_formatter(&|y| trim(*y))
            .label_style(("sans-serif", 13))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(&e)?;
        for (i, (label, pts)) in series.iter().enumerate() {
            let c = color(i);
            draw_line(&mut chart, label, pts, c).map_err(&e)?;
            chart
                .draw_series(
                    pts.iter()
                        .flat_map(|&(x, _, lo, hi)| capped_bar(x, lo, hi, c)),
                )
                .map_err(&e)?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft).map_err(&e)?;
        root.present().map_err(&e)?;
    }
    Ok(svg)
}

/// One line per data size: time per hash against the buffer capacity.
fn sweep_series(group: &Group) -> Vec<Series> {
    let mut series: Vec<Series> = Vec::new();
    for p in &group.params {
        let mut pts: Vec<(f64, f64, f64, f64)> = group
            .labels
            .iter()
            .filter_map(|l| Some((group.capacity(l)? as f64, group.cell(p, l)?)))
            .map(|(cap, r)| {
                let t = &r.ns_per_item();
                (cap, t.estimate, t.lower, t.upper)
            })
            .collect();
        pts.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
        if !pts.is_empty() {
            series.push((format!("data {}", param_text(group, p)), pts));
        }
    }
    series
}

/// Time per hash against buffer capacity, one line per data size.
fn sweep_chart(group: &Group, caption: &str) -> Result<String> {
    let e = plot_err("sweep chart");
    let series = sweep_series(group);
    let xmax = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.0))
        .fold(1.0, f64::max);
    let (ymin, ymax) = series
        .iter()
        .flat_map(|s| s.1.iter())
        .fold((f64::MAX, 0.0f64), |(a, b), p| (a.min(p.2), b.max(p.3)));
    let pad = ((ymax - ymin) * 0.15).max(1.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(70)
            .build_cartesian_2d(-10f64..xmax * 1.05, (ymin - pad).max(0.0)..ymax + pad)
            .map_err(&e)?;
        chart
            .configure_mesh()
            .x_desc("copy-buffer data capacity N (buffer = 81 + N bytes)")
            .y_desc("ns per hash")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style(("sans-serif", 13))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(&e)?;
        for (i, (label, pts)) in series.iter().enumerate() {
            let c = color(i);
            draw_line(&mut chart, label, pts, c).map_err(&e)?;
            let bars = pts
                .iter()
                .map(|&(x, _, lo, hi)| PathElement::new(vec![(x, lo), (x, hi)], c));
            chart.draw_series(bars).map_err(&e)?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight).map_err(&e)?;
        root.present().map_err(&e)?;
    }
    Ok(svg)
}

/// One bar per (parameter, strategy): name, throughput, and its interval's ends.
fn bar_values(group: &Group) -> Vec<(String, f64, f64, f64)> {
    let mut bars = Vec::new();
    for p in &group.params {
        for l in group.labels.iter().filter(|l| !group.is_control(l)) {
            if let Some(r) = group.cell(p, l) {
                let t = &r.ns_per_item();
                let name = if group.params.len() > 1 {
                    format!("{l} · {}", param_text(group, p))
                } else {
                    l.clone()
                };
                bars.push((
                    name,
                    rate(r, t.estimate),
                    rate(r, t.upper),
                    rate(r, t.lower),
                ));
            }
        }
    }
    bars
}

type Segment = SegmentValue<i32>;

fn bar(i: usize, value: f64) -> Rectangle<(Segment, f64)> {
    let at = i as i32;
    let mut bar = Rectangle::new(
        [
            (SegmentValue::Exact(at), 0.0),
            (SegmentValue::Exact(at + 1), value),
        ],
        color(i).mix(0.85).filled(),
    );
    bar.set_margin(0, 0, 18, 18);
    bar
}

fn error_bar(i: usize, lo: f64, hi: f64) -> PathElement<(Segment, f64)> {
    let at = SegmentValue::CenterOf(i as i32);
    PathElement::new(vec![(at.clone(), lo), (at, hi)], BLACK.stroke_width(2))
}

/// One bar per strategy (and parameter), with error bars.
fn bars_chart(group: &Group, caption: &str) -> Result<String> {
    let e = plot_err("bar chart");
    let bars = bar_values(group);
    let n = bars.len() as i32;
    let ymax = bars.iter().map(|b| b.3).fold(0.0, f64::max) * 1.15;
    let names: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(70)
            // A segmented 0..k axis has k + 1 segments (one per integer in 0..=k).
            .build_cartesian_2d((0..(n - 1).max(1)).into_segmented(), 0f64..ymax.max(1e-9))
            .map_err(&e)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(bars.len().max(1))
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .y_desc(rate_unit(group))
            .y_label_formatter(&|y| format!("{y:.2}"))
            .label_style(("sans-serif", 13))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(&e)?;
        let rects = bars.iter().enumerate().map(|(i, b)| bar(i, b.1));
        chart.draw_series(rects).map_err(&e)?;
        let errors = bars.iter().enumerate().map(|(i, b)| error_bar(i, b.2, b.3));
        chart.draw_series(errors).map_err(&e)?;
        root.present().map_err(&e)?;
    }
    Ok(svg)
}

/// One bar of the speed-up chart: its label, the speed-up and its interval's ends, and
/// whether it is the LtHash (coloured apart from the legacy digest).
pub struct SpeedUp {
    pub label: String,
    pub estimate: f64,
    pub lower: f64,
    pub upper: f64,
    pub lt: bool,
}

/// Width of the speed-up chart, px: narrow enough to stand beside the decision table.
const SPEEDUP_WIDTH: u32 = 320;

/// Horizontal bars from 1x (the current code) to each row's speed-up on a log axis, with
/// the interval as an error bar; one bar per line of the decision table.
pub fn speedups_chart(bars: &[SpeedUp], caption: &str) -> Result<String> {
    let e = plot_err("speed-up chart");
    let n = bars.len().max(1);
    let lo = bars.iter().map(|b| b.lower).fold(1.0, f64::min) / 1.15;
    let hi = bars.iter().map(|b| b.upper).fold(1.0, f64::max) * 1.15;
    let ticks = log_ticks(lo, hi);
    let height = 64 + 20 * n as u32;
    // Bars top to bottom in table order: the first at the highest segment.
    let seg = |i: usize| (n - 1 - i) as i32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (SPEEDUP_WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 14))
            .margin(8)
            .x_label_area_size(34)
            .y_label_area_size(128)
            // A segmented 0..k axis has k + 1 segments (one per integer in 0..=k).
            .build_cartesian_2d(
                (lo..hi).log_scale().with_key_points(ticks),
                (0..(n as i32 - 1).max(1)).into_segmented(),
            )
            .map_err(&e)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n)
            .x_desc("speed-up over the current code (log scale)")
            .x_label_formatter(&|x| format!("{}x", trim(*x)))
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(k) => (n - 1)
                    .checked_sub(*k as usize)
                    .and_then(|i| bars.get(i))
                    .map(|b| b.label.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .label_style(("sans-serif", 11))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(&e)?;
        let rects = bars.iter().enumerate().map(|(i, b)| {
            let c = if b.lt { color(0) } else { color(7) };
            let mut r = Rectangle::new(
                [
                    (1.0, SegmentValue::Exact(seg(i))),
                    (b.estimate, SegmentValue::Exact(seg(i) + 1)),
                ],
                c.mix(0.8).filled(),
            );
            r.set_margin(4, 4, 0, 0);
            r
        });
        chart.draw_series(rects).map_err(&e)?;
        let errors = bars.iter().enumerate().map(|(i, b)| {
            let y = SegmentValue::CenterOf(seg(i));
            PathElement::new(
                vec![(b.lower, y.clone()), (b.upper, y)],
                BLACK.stroke_width(2),
            )
        });
        chart.draw_series(errors).map_err(&e)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![
                    (1.0, SegmentValue::Exact(0)),
                    (1.0, SegmentValue::Exact(n as i32)),
                ],
                BLACK.stroke_width(1),
            )))
            .map_err(&e)?;
        root.present().map_err(&e)?;
    }
    Ok(svg)
}
