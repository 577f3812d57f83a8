//! An exact day, solved by a dynamic programme written here from the rules (000:118–120,
//! 000:160, 000:168–169, 000:179–184 for the conflicts; 000:177 and 000:199 between them, as
//! `docs/scenarios/invisible-sun.md` reads them), not from the simulator's code: two PCs,
//! Ana and Bo, against a rat and then a wolf, each of which goes for Ana while she stands;
//! between the two, aid and the day's first rest (or none). The state is every PC's Wounds,
//! Injuries and Physicality and the foe's Injuries, as probabilities in a map, turn by turn.
//! Each [`DayDp`] writes its own scenario text, so the numbers cannot drift apart.

use std::collections::HashMap;

/// A PC's numbers: its attack (skill, damage), its Dodge skill and its Physicality.
#[derive(Debug, Clone, Copy)]
pub struct PcSpec {
    pub name: &'static str,
    pub skill: i64,
    pub damage: i64,
    pub dodge: i64,
    pub physicality: i64,
}

/// A foe's numbers: every attack on it is challenge `level + dodge`, every defense against
/// it challenge `level`; it dies at `injuries_per_wound × wounds_to_die` Injuries.
#[derive(Debug, Clone, Copy)]
pub struct FoeSpec {
    pub name: &'static str,
    pub level: i64,
    pub dodge: i64,
    pub damage: i64,
    pub injuries_per_wound: i64,
    pub wounds_to_die: i64,
}

/// The day: two PCs (venture −1 per Wound, `negate = "greedy"`, no Armor, no bene on rolls),
/// two foes in order, the rest before the second.
#[derive(Debug, Clone)]
pub struct DayDp {
    pub pcs: [PcSpec; 2],
    pub foes: [FoeSpec; 2],
    pub max_rounds: u32,
    /// `"none"` or `"short"`.
    pub rest: &'static str,
}

/// One PC's carried values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Pc {
    wounds: i64,
    injuries: i64,
    physicality: i64,
}

impl Pc {
    fn alive(self) -> bool {
        self.wounds < 3
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum End {
    Won,
    Lost,
    Stalemate,
}

type Party = [Pc; 2];

/// The chance a d10 numbered 0–9 shows `needed` or more (000:12–15).
fn chance(needed: i64) -> f64 {
    if needed <= 0 {
        1.0
    } else if needed >= 10 {
        0.0
    } else {
        (10 - needed) as f64 / 10.0
    }
}

fn add<K: std::hash::Hash + Eq>(map: &mut HashMap<K, f64>, k: K, p: f64) {
    if p > 0.0 {
        *map.entry(k).or_insert(0.0) += p;
    }
}

impl DayDp {
    /// The scenario body (after `name` and `system`).
    pub fn scenario(&self) -> String {
        let mut s = format!("[run]\nmax_rounds = {}\n", self.max_rounds);
        for pc in &self.pcs {
            s += &format!(
                "[[pc]]\nname = \"{}\"\nphysicality = {}\nwound_penalty = 1\nnegate = \"greedy\"\n\
                 attack = {{ skill = {}, damage = {} }}\ndodge = {{ skill = {} }}\n",
                pc.name, pc.physicality, pc.skill, pc.damage, pc.dodge
            );
        }
        s += "[day]\naid = \"one_injury\"\nrest_use = \"wound_first\"\n";
        for (n, f) in self.foes.iter().enumerate() {
            s += &format!(
                "[[day.encounter]]\nname = \"{0}\"\nrest = \"{1}\"\n[[day.encounter.foe]]\n\
                 name = \"{0}\"\nlevel = {2}\ndodge = {3}\ndamage = {4}\ntarget = \"{5}\"\n\
                 injuries_per_wound = {6}\nwounds_to_die = {7}\n",
                f.name,
                if n == 0 { "none" } else { self.rest },
                f.level,
                f.dodge,
                f.damage,
                self.pcs[0].name,
                f.injuries_per_wound,
                f.wounds_to_die
            );
        }
        s
    }

    /// A PC's state at the day's start.
    fn fresh(&self, k: usize) -> Pc {
        Pc {
            wounds: 0,
            injuries: 0,
            physicality: self.pcs[k].physicality,
        }
    }

    /// One conflict against `foe` from `party`: how it ends, with the party as it leaves it.
    fn fight(&self, party: Party, foe: &FoeSpec) -> HashMap<(Party, End), f64> {
        let kills = foe.injuries_per_wound * foe.wounds_to_die;
        let mut done: HashMap<(Party, End), f64> = HashMap::new();
        let mut live: HashMap<(Party, i64), f64> = HashMap::from([((party, 0), 1.0)]);
        for _ in 0..self.max_rounds {
            // The PCs in file order (000:160; `order = "pcs_first"`), each while alive.
            for k in 0..2 {
                let mut next = HashMap::new();
                for ((party, hurt), p) in live {
                    let me = party[k];
                    if !me.alive() {
                        add(&mut next, (party, hurt), p);
                        continue;
                    }
                    let spec = &self.pcs[k];
                    let hit = chance(foe.level + foe.dodge - (spec.skill - me.wounds));
                    add(&mut next, (party, hurt), p * (1.0 - hit));
                    if hurt + spec.damage >= kills {
                        add(&mut done, (party, End::Won), p * hit);
                    } else {
                        add(&mut next, (party, hurt + spec.damage), p * hit);
                    }
                }
                live = next;
            }
            // The foe, on Ana while she stands, else Bo; she rolls her Dodge.
            let mut next = HashMap::new();
            for ((party, hurt), p) in live {
                let k = if party[0].alive() { 0 } else { 1 };
                let me = party[k];
                let avoid = chance(foe.level - (self.pcs[k].dodge - me.wounds));
                add(&mut next, (party, hurt), p * avoid);
                // 3 Injuries a Wound, the ones there included; one Wound the hit brings
                // negated while Physicality lasts, its Injuries with it (000:183–184).
                let total = me.injuries + foe.damage;
                let new = total / 3;
                let spent = new.min(1).min(me.physicality);
                let mut after = party;
                after[k] = Pc {
                    wounds: (me.wounds + new - spent).min(3),
                    injuries: total % 3,
                    physicality: me.physicality - spent,
                };
                if after.iter().any(|s| s.alive()) {
                    add(&mut next, (after, hurt), p * (1.0 - avoid));
                } else {
                    add(&mut done, (after, End::Lost), p * (1.0 - avoid));
                }
            }
            live = next;
        }
        for ((party, _), p) in live {
            add(&mut done, (party, End::Stalemate), p);
        }
        done
    }

    /// Between the encounters: each other living PC (none is ever out here) heals 1 Injury of
    /// each living PC (000:177); then the day's first rest heals a Wound, else refills the
    /// pools (000:199).
    fn gap(&self, mut party: Party) -> Party {
        let up = party.iter().filter(|s| s.alive()).count() as i64;
        for s in party.iter_mut().filter(|s| s.alive()) {
            s.injuries = (s.injuries - (up - 1)).max(0);
        }
        if self.rest == "short" {
            for (k, s) in party.iter_mut().enumerate().filter(|(_, s)| s.alive()) {
                if s.wounds > 0 {
                    s.wounds -= 1;
                } else {
                    s.physicality = self.pcs[k].physicality;
                }
            }
        }
        party
    }

    /// The exact value of each day metric checked.
    pub fn solve(&self) -> HashMap<String, f64> {
        let mut out: HashMap<String, f64> = HashMap::new();
        let mut at = |k: String, p: f64| *out.entry(k).or_insert(0.0) += p;
        let start = [self.fresh(0), self.fresh(1)];
        // (the party at the day's end, the encounter it fell at) with probabilities.
        let mut ends: Vec<(Party, &str, f64)> = Vec::new();
        for ((party, end), p) in self.fight(start, &self.foes[0]) {
            let died = party.iter().any(|s| !s.alive());
            if end != End::Won {
                ends.push((party, if died { "1" } else { "none" }, p));
                continue;
            }
            at("encounter.1.win.pcs".into(), p);
            for ((after, end2), q) in self.fight(self.gap(party), &self.foes[1]) {
                if end2 == End::Won {
                    at("encounter.2.win.pcs".into(), p * q);
                }
                let fell = if died {
                    "1"
                } else if after.iter().any(|s| !s.alive()) {
                    "2"
                } else {
                    "none"
                };
                ends.push((after, fell, p * q));
            }
        }
        for (party, fell, p) in ends {
            at(format!("fell_at.{fell}"), p);
            at(
                "day.survived".into(),
                if party.iter().all(|s| s.alive()) {
                    p
                } else {
                    0.0
                },
            );
            for (s, spec) in party.iter().zip(&self.pcs) {
                let n = spec.name;
                at(format!("death.{n}"), if s.alive() { 0.0 } else { p });
                at(format!("wounds.{n}.{}", s.wounds), p);
                at(format!("injuries.{n}.mean"), p * s.injuries as f64);
                at(
                    format!("physicality_left.{n}.mean"),
                    p * s.physicality as f64,
                );
            }
        }
        out
    }
}
