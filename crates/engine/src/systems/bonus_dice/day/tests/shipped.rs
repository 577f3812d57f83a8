//! The shipped day, `scenarios/ridge_trail_day.toml`: it loads as written (two travellers,
//! the wolves, a short rest, the library's grizzly), and its short rest gets the party
//! through the day more often than no rest.

use super::super::Day;
use crate::combat::day::{Rest, Stage};
use crate::systems::bonus_dice::Loaded;
use crate::systems::{LoadedSystem, Scenario};
use crate::testing::{rows, shipped};

fn shipped_day(text: &str) -> Day {
    match Scenario::from_text("ridge_trail_day.toml", text)
        .unwrap_or_else(|e| panic!("{e}"))
        .system
    {
        LoadedSystem::BonusDice(Loaded::Day(d)) => *d,
        _ => panic!("not a day"),
    }
}

#[test]
fn the_shipped_day_loads_as_written_and_its_rest_helps() {
    let text = std::fs::read_to_string(shipped("ridge_trail_day")).unwrap();
    let d = shipped_day(&text);
    assert_eq!(d.party, ["Ada", "Brann"]);
    assert_eq!(d.side, "party");
    let names: Vec<&str> = d.encounters.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Wolves at the ford", "The grizzly's den"]);
    assert_eq!(d.encounters[1].rest, Rest::Short);
    assert_eq!(d.encounters[1].gap_minutes, 30);
    let bear = &d.encounters[1].stage.fight.fighters[2];
    assert_eq!((bear.name.as_str(), bear.health), ("Grizzly bear", 20));
    assert!(d.encounters[1].stage.layout().counters().count() > 0);
    let none = shipped_day(&text.replacen("rest = \"short\"", "rest = \"none\"", 1));
    assert_eq!(none.encounters[1].rest, Rest::None);
    let n = if cfg!(debug_assertions) {
        20_000
    } else {
        200_000
    };
    let (short, none) = (rows(&d, n, 3), rows(&none, n, 3));
    let survived = |r: &std::collections::HashMap<String, oddsmith_core::stats::MetricRow>| {
        r["day.survived"].estimate
    };
    assert!(
        survived(&short) > survived(&none) + 0.03,
        "short {} vs none {}",
        survived(&short),
        survived(&none)
    );
}
