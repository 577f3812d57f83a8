//! The two-field sweep heatmap (`heatmap_<metric>.png`/`.svg`): one headline rate over the
//! grid, rows by the first field and columns by the second, each cell coloured by and
//! labelled with the rate — its exact value where one is known, else the sampled estimate,
//! and the subtitle says which (a mixed grid marks its exact cells with `*`) — with a
//! fight's difficulty band under the value, and a labelled colour scale beside it.

use super::Chart;
use super::axis::percent;
use super::font::FAMILY;
use super::frame::draw_title;
use super::sweep::{has_bands, series};
use oddsmith_core::stats::SweepReport;
use oddsmith_core::stats::summary::file_part;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Viridis-like colour for `t` in [0, 1].
pub fn colormap(t: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let pos = t * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// A heatmap cell's value: a percentage with one decimal (`52.3%`); a rate that is neither 0
/// nor 1 never reads as either (`<0.1%`, `>99.9%`).
pub(super) fn cell_text(v: f64) -> String {
    if !v.is_finite() {
        "n/a".into()
    } else if v > 0.0 && v < 0.0005 {
        "<0.1%".into()
    } else if v < 1.0 && v > 0.9995 {
        ">99.9%".into()
    } else {
        format!("{:.1}%", v * 100.0)
    }
}

/// The centres of `n` cells two units wide from 0: where a heatmap's axis labels go.
fn centres(n: usize) -> Vec<i32> {
    (0..n as i32).map(|i| 2 * i + 1).collect()
}

/// How many of a heatmap's cells show an exact value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Exact {
    /// Every cell: no sampling noise in the picture.
    All,
    /// Some cells (marked `*`); the others show sampled estimates.
    Some,
    /// None: every cell is a sampled estimate.
    None,
}

/// One cell of a [`Grid`]: its row and column, the value it shows (the exact value where
/// known, else the estimate), whether that value is exact, and a fight's band.
pub struct GridCell {
    /// Row.
    pub row: usize,
    /// Column.
    pub col: usize,
    /// The value shown.
    pub value: f64,
    /// Whether `value` is exact.
    pub exact: bool,
    /// The difficulty band's name, where the cell is a fight's.
    pub band: Option<&'static str>,
}

/// A grid of one rate, as a heatmap draws it: rows and columns by name.
pub struct Grid {
    /// Above the grid.
    pub title: String,
    /// Under the title: what the cells show.
    pub subtitle: String,
    /// The rate drawn (the colour scale's name).
    pub metric: String,
    /// What the rows are, and each row's name.
    pub rows: (String, Vec<String>),
    /// What the columns are, and each column's name.
    pub cols: (String, Vec<String>),
    /// The cells there are (a cut-short grid may lack some).
    pub cells: Vec<GridCell>,
}

impl Grid {
    /// Whether the cells show exact values.
    pub(super) fn exactness(&self) -> Exact {
        match self.cells.iter().filter(|c| c.exact).count() {
            0 => Exact::None,
            n if n == self.cells.len() => Exact::All,
            _ => Exact::Some,
        }
    }

    /// What the cells show, for a subtitle: exact, estimates of `sampled`, or both.
    pub(super) fn what(&self, sampled: &str) -> String {
        match self.exactness() {
            Exact::All => "every cell an exact value".to_string(),
            Exact::Some => format!("exact values (*) where known, else estimates: {sampled}"),
            Exact::None => format!("sampled estimates: {sampled}"),
        }
    }

    /// The size to draw it at, in pixels.
    pub fn size(&self) -> (u32, u32) {
        let (rows, cols) = (self.rows.1.len() as u32, self.cols.1.len() as u32);
        // A fight's cells also name the band.
        let cell = if self.cells.iter().any(|c| c.band.is_some()) {
            105
        } else {
            70
        };
        // Wide enough for the title and subtitle too (about 12 and 8 pixels a character).
        let title = (12 * self.title.chars().count() as u32 + 60)
            .max(8 * self.subtitle.chars().count() as u32 + 60);
        (
            (260 + cell * cols).max(title).clamp(600, 1600),
            (190 + 34 * rows).clamp(430, 1430),
        )
    }
}

/// One metric over a two-field grid: rows by the first field, columns by the second.
pub struct Heatmap {
    /// The metric drawn.
    pub metric: String,
}

impl Heatmap {
    /// The grid of the points run (an interrupted sweep's last row may be short).
    fn grid(&self, sweep: &SweepReport) -> Grid {
        let (rows, cols) = (sweep.field_values(0), sweep.field_values(1));
        let cells = sweep
            .points
            .iter()
            .zip(series(sweep, &self.metric))
            .filter_map(|(p, (estimate, _, _, exact))| {
                Some(GridCell {
                    row: rows.iter().position(|&v| v == p.values[0])?,
                    col: cols.iter().position(|&v| v == p.values[1])?,
                    value: exact.unwrap_or(estimate),
                    exact: exact.is_some(),
                    band: p.difficulty.as_ref().map(|d| d.band.name()),
                })
            })
            .collect();
        let labels = sweep.field_labels();
        let names = |field: usize, vals: Vec<f64>| {
            (vals.into_iter())
                .map(|v| sweep.value_text(field, v))
                .collect()
        };
        let mut grid = Grid {
            title: format!("{}: {}", sweep.scenario, self.metric),
            subtitle: String::new(),
            metric: self.metric.clone(),
            rows: (labels[0].clone(), names(0, rows)),
            cols: (labels[1].clone(), names(1, cols)),
            cells,
        };
        let sampled = format!("{} trials per cell · seed {}", sweep.trials, sweep.seed);
        grid.subtitle = format!("{} · {}", sweep.system, grid.what(&sampled));
        grid
    }

    /// Whether the cells show exact values.
    pub(super) fn exactness(&self, sweep: &SweepReport) -> Exact {
        self.grid(sweep).exactness()
    }
}

impl Chart for Heatmap {
    type Data = SweepReport;

    fn stem(&self) -> String {
        format!("heatmap_{}", file_part(&self.metric))
    }

    fn caption(&self, sweep: &SweepReport) -> String {
        let labels = sweep.field_labels();
        let cells = match self.exactness(sweep) {
            Exact::All => "each cell its exact value".to_string(),
            Exact::Some => format!(
                "each cell its exact value where one is known (marked *), else the estimate \
                 from {} trials",
                sweep.trials
            ),
            Exact::None => format!(
                "each cell the estimate from {} trials (the 95% intervals are in sweep.csv)",
                sweep.trials
            ),
        };
        format!(
            "{} for each {} (rows) and {} (columns): {cells}{}; the colour runs from 0% to \
             the largest value.",
            self.metric,
            labels[0],
            labels[1],
            if has_bands(sweep) {
                ", with the point's difficulty band under it"
            } else {
                ""
            }
        )
    }

    fn applies(&self, sweep: &SweepReport) -> bool {
        sweep.fields.len() == 2
    }

    fn size(&self, sweep: &SweepReport) -> (u32, u32) {
        self.grid(sweep).size()
    }

    fn draw<DB: DrawingBackend>(
        &self,
        sweep: &SweepReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        draw_grid(&self.grid(sweep), area)
    }
}

/// Draws `grid`: each cell coloured by and labelled with its value (`*` on the exact ones
/// of a mixed grid, the band under a fight's), and a labelled colour scale beside it.
pub fn draw_grid<DB: DrawingBackend>(
    grid: &Grid,
    area: &DrawingArea<DB, Shift>,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (rows, cols) = (&grid.rows.1, &grid.cols.1);
    let cells = &grid.cells;
    let mixed = grid.exactness() == Exact::Some;
    let top = cells
        .iter()
        .map(|c| c.value)
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    let scale_max = if top > 0.0 { top } else { 1.0 };
    let body = draw_title(area, &grid.title, &grid.subtitle).map_err(err)?;
    let (w, _) = body.dim_in_pixel();
    let (main, bar) = body.split_horizontally(w.saturating_sub(130));
    let mut chart = ChartBuilder::on(&main)
        .margin(12)
        .x_label_area_size(45)
        // Wide enough for the longest row name (about 7 pixels a character at size 13).
        .y_label_area_size(
            rows.iter()
                .map(|r| 7 * r.chars().count() as u32 + 14)
                .fold(60, u32::max),
        )
        // Cell (r, c) is the square [2c, 2c + 2] × [2r, 2r + 2] (integer coordinates,
        // whose ticks take a formatter); the labels sit at the odd centres.
        .build_cartesian_2d(
            (0..2 * cols.len() as i32).with_key_points(centres(cols.len())),
            (0..2 * rows.len() as i32).with_key_points(centres(rows.len())),
        )
        .map_err(err)?;
    let name_of = |names: &[String], v: i32| {
        names
            .get(usize::try_from(v / 2).unwrap_or(usize::MAX))
            .cloned()
            .unwrap_or_default()
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_label_formatter(&|v| name_of(cols, *v))
        .y_label_formatter(&|v| name_of(rows, *v))
        .x_desc(grid.cols.0.as_str())
        .y_desc(grid.rows.0.as_str())
        .label_style((FAMILY, 13))
        .axis_desc_style((FAMILY, 15))
        .draw()
        .map_err(err)?;
    let at = |c: &GridCell| (2 * c.col as i32, 2 * c.row as i32);
    chart
        .draw_series(cells.iter().map(|cell| {
            let (x, y) = at(cell);
            Rectangle::new(
                [(x, y), (x + 2, y + 2)],
                colormap(cell.value / scale_max).filled(),
            )
        }))
        .map_err(err)?;
    if cells.len() <= 600 {
        chart
            .draw_series(cells.iter().map(|cell| {
                let (x, y) = at(cell);
                let ink = if cell.value / scale_max > 0.6 {
                    BLACK
                } else {
                    WHITE
                };
                let mut text = cell_text(cell.value);
                if mixed && cell.exact {
                    text.push('*');
                }
                if let Some(band) = cell.band {
                    text = format!("{text} {band}");
                }
                Text::new(
                    text,
                    (x + 1, y + 1),
                    (FAMILY, 11)
                        .into_font()
                        .color(&ink)
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                )
            }))
            .map_err(err)?;
    }
    // The colour scale: a column of thin bands from 0 to the largest value.
    let mut scale = ChartBuilder::on(&bar)
        .margin_top(12)
        .margin_bottom(57)
        .margin_right(20)
        .y_label_area_size(55)
        .build_cartesian_2d(0.0..1.0, 0.0..scale_max)
        .map_err(err)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_label_formatter(&|v| percent(*v))
        .y_desc(format!("{}, %", grid.metric))
        .label_style((FAMILY, 12))
        .axis_desc_style((FAMILY, 13))
        .draw()
        .map_err(err)?;
    let steps = 100;
    scale
        .draw_series((0..steps).map(|i| {
            let lo = scale_max * i as f64 / steps as f64;
            let hi = scale_max * (i + 1) as f64 / steps as f64;
            Rectangle::new([(0.0, lo), (1.0, hi)], colormap(lo / scale_max).filled())
        }))
        .map_err(err)?;
    Ok(())
}
