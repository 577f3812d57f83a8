//! `oddsmith dice EXPR`: reads the expression (a bad one is a usage error naming the
//! character, exit 2), builds its exact table within the work limit (a larger one is refused
//! the same way, before any work), and hands the summary to the output code: the table or
//! JSON on stdout, and with `--out DIR` the CSV and the chart.

use crate::cli::DiceArgs;
use crate::dice::DiceExpr;
use crate::dice::summary::Summary;
use crate::error::UsageError;
use crate::export::dice;
use anyhow::Result;

/// Runs `oddsmith dice`.
pub fn dice(args: &DiceArgs) -> Result<()> {
    let text = args.expr.join(" ");
    let expr: DiceExpr = text.parse().map_err(|e| UsageError(format!("{e}")))?;
    let pmf = expr.checked_pmf().map_err(|e| UsageError(format!("{e}")))?;
    let target = match (args.vs, args.above) {
        (Some(n), _) => Some((n, false)),
        (None, Some(n)) => Some((n, true)),
        (None, None) => None,
    };
    let summary = Summary::new(&expr, &pmf, target);
    if args.json {
        super::print(&(dice::to_json(&summary) + "\n"))?;
    } else {
        super::print(&dice::table(&summary))?;
    }
    if let Some(dir) = &args.out {
        for path in dice::write_files(&summary, dir)? {
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(())
}
