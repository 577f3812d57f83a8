//! The aftermath of [`super::solver`]'s duel, exactly: the brute, given `medicine`, tends the
//! hero it has put into Shock (`[aftermath] foes = "tend"`). The hero falls mid-round, so the
//! countdown of 002:75 kills it in the Recovery phase of the round it fell + 10 (its Stamina),
//! and the brute makes its tries in each of the 10 rounds before: ⌊actions /
//! `medicine_actions`⌋ a round, each a Medicine check VS 20 (002:76) that succeeds with the
//! exact chance of d20 + its bonus dice above 20. The brute's dice are d4s, which a Wound
//! cannot step lower, so that chance is the same Wounded or not. The brute (Stamina 0) dies in
//! the Recovery phase of the round it falls: nobody can save it. Estimates at 10⁶ fights
//! within 4.5 standard errors of exact.

use super::skirmish;
use super::solver::{DUEL, solve};
use crate::systems::bonus_dice::check::total_table;
use crate::testing::{rows, within};

/// The duel with the brute's `medicine` and an `[aftermath]` section.
fn duel(medicine_actions: u32, foes: &str) -> String {
    DUEL.replace(
        "durability_recovery = 1\n",
        "durability_recovery = 1\nmedicine = { bonus_dice = 1, base_die = \"d4\" }\n",
    ) + &format!("[aftermath]\nfoes = \"{foes}\"\nmedicine_actions = {medicine_actions}\n")
}

#[test]
fn a_medic_saves_a_fallen_foe_as_often_as_its_tries_allow() {
    let (o, _) = solve();
    for (medicine_actions, seed) in [(1, 31), (2, 32)] {
        let s = skirmish(&duel(medicine_actions, "tend"));
        let medicine = s.fighters[1].medicine.expect("the brute has medicine")[0];
        let p = total_table(&medicine, 20).above(20);
        assert!(p > 0.05 && p < 0.2, "{p}");
        // 10 rounds of tries: 2 a round with one action a try, 1 with two.
        let tries = 10 * (2 / medicine_actions) as i32;
        let lost = (1.0 - p).powi(tries);
        let r = rows(&s, 1_000_000, seed);
        within(&r["dying.hero"], o.brute_wins);
        within(&r["death.hero"], o.brute_wins * lost);
        within(&r["saved.hero"], o.brute_wins * (1.0 - lost));
        within(&r["any_death.party"], o.brute_wins * lost);
        within(&r["death.brute"], o.hero_wins);
        within(&r["saved.brute"], 0.0);
        within(&r["dead_in_fight.hero"], 0.0);
        assert!(r["saved.hero"].estimate > 0.05, "the tries matter");
    }
}

#[test]
fn finishing_kills_every_fallen_foe_and_leaving_them_lets_them_die() {
    let (o, _) = solve();
    for (foes, seed) in [("finish", 33), ("leave", 34)] {
        let r = rows(&skirmish(&duel(1, foes)), 1_000_000, seed);
        within(&r["death.hero"], o.brute_wins);
        within(&r["saved.hero"], 0.0);
        within(&r["death.brute"], o.hero_wins);
    }
}

#[test]
fn bad_aftermath_input_names_the_key_and_what_is_allowed() {
    use super::load;
    for (body, says) in [
        (
            duel(1, "eat"),
            "`aftermath.foes`: \"eat\" is not allowed; allowed: \"leave\", \"tend\", \"finish\"",
        ),
        (duel(0, "tend"), "`aftermath.medicine_actions`"),
        (
            duel(1, "tend") + "patients = \"random\"\n",
            "`aftermath.patients`: \"random\" is not allowed; allowed: \"most_urgent\", \
             \"in_order\"",
        ),
        (
            DUEL.replace(
                "stamina = 0\n",
                "stamina = 0\nmedicine = { bonus_dice = 1, die = \"d4\" }\n",
            ),
            "die",
        ),
        (
            "[check]\nvs = 20\n[aftermath]\nallies = \"leave\"\n".to_string(),
            "`aftermath`: [aftermath] belongs to a fight",
        ),
    ] {
        let e = load(&body).err().unwrap_or_else(|| panic!("loads: {body}"));
        assert!(e.contains(says), "{e}\n  wanted: {says}");
    }
}
