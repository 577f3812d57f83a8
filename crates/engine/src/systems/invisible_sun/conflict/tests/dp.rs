//! An independent dynamic programme for one PC against one NPC, written from the seed and the
//! reference (`docs/scenarios/invisible-sun.md`) rather than from
//! [`super::super::fighter`]: the full state (both of the PC's tracks, all four pools, the
//! NPC's track) in a hash map, chances of success by counting every face combination, bene
//! chosen by trying every amount, damage taken one point at a time. Each
//! [`Duel`] also writes its own scenario text, so the numbers cannot drift apart.

use std::collections::{BTreeMap, HashMap};

/// One PC against one NPC, every number written out.
#[derive(Debug, Clone)]
pub struct Duel {
    pub pcs_first: bool,
    pub max_rounds: u32,
    // The PC.
    pub armor: i64,
    /// Accuracy, movement, intellect, physicality.
    pub pools: [i64; 4],
    pub wound_penalty: i64,
    pub negate: &'static str,
    pub expansive: bool,
    pub attack_base: i64,
    pub attack_dice: u32,
    pub attack_bene: i64,
    pub damage: i64,
    pub effect: i64,
    /// The defense table the NPC's attack calls for.
    pub defense_base: i64,
    pub defense_dice: u32,
    pub defense_bene: i64,
    // The NPC.
    pub level: i64,
    pub dodge: i64,
    pub npc_armor: i64,
    pub npc_damage: i64,
    pub attack_modifier: i64,
    /// "dodge", "resist" or "withstand".
    pub defense: &'static str,
    pub successes: u32,
    pub injuries_per_wound: i64,
    pub wounds_to_die: i64,
    pub npc_wound_penalty: i64,
    /// The PC plays `cautious` with this `cautious_below`: below it, with Physicality bene
    /// and Injuries, its action spends the bene on them one for one (L198).
    pub cautious: Option<f64>,
    /// The NPC is important and plays `cautious` with this `cautious_below`: below it, hurt,
    /// once, its action is its recovery (L130–135: 1 Wound, else all Injuries).
    pub npc_recovers: Option<f64>,
}

impl Duel {
    /// The scenario body (after `name` and `system`) of this duel: PC "Ana", NPC "Foe".
    pub fn scenario(&self) -> String {
        let [accuracy, movement, intellect, physicality] = self.pools;
        let bene_key = |b: i64| {
            if b > 0 {
                format!(", bene = {b}")
            } else {
                String::new()
            }
        };
        format!(
            "[run]\nmax_rounds = {}\n[conflict]\norder = \"{}\"\n\
             [[pc]]\nname = \"Ana\"\narmor = {}\naccuracy = {accuracy}\nmovement = {movement}\n\
             intellect = {intellect}\nphysicality = {physicality}\nwound_penalty = {}\n\
             negate = \"{}\"\nexpansive_endeavor = {}\n\
             attack = {{ skill = {}, magic_dice = {}, damage = {}, effect_level = {}{} }}\n\
             {} = {{ skill = {}, magic_dice = {}{} }}\n\
             [[npc]]\nname = \"Foe\"\nlevel = {}\ndodge = {}\narmor = {}\ndamage = {}\n\
             attack_modifier = {}\nattack_defense = \"{}\"\nattack_successes = {}\n\
             injuries_per_wound = {}\nwounds_to_die = {}\nwound_penalty = {}\n",
            self.max_rounds,
            if self.pcs_first {
                "pcs_first"
            } else {
                "npcs_first"
            },
            self.armor,
            self.wound_penalty,
            self.negate,
            self.expansive,
            self.attack_base,
            self.attack_dice,
            self.damage,
            self.effect,
            bene_key(self.attack_bene),
            self.defense,
            self.defense_base,
            self.defense_dice,
            bene_key(self.defense_bene),
            self.level,
            self.dodge,
            self.npc_armor,
            self.npc_damage,
            self.attack_modifier,
            self.defense,
            self.successes,
            self.injuries_per_wound,
            self.wounds_to_die,
            self.npc_wound_penalty,
        )
        .replacen("[[npc]]", &format!("{}[[npc]]", self.pc_tactics()), 1)
            + &self.npc_tactics()
    }

    /// The PC's tactic keys, as lines of its table.
    fn pc_tactics(&self) -> String {
        self.cautious.map_or(String::new(), |below| {
            format!("tactics = \"cautious\"\ncautious_below = {below:?}\n")
        })
    }

    /// The NPC's tactic keys, as lines of its table.
    fn npc_tactics(&self) -> String {
        self.npc_recovers.map_or(String::new(), |below| {
            format!("important = true\ntactics = \"cautious\"\ncautious_below = {below:?}\n")
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct St {
    wounds: i64,
    injuries: i64,
    anguish: i64,
    mind: i64,
    pools: [i64; 4],
    npc_wounds: i64,
    npc_injuries: i64,
    npc_recovered: bool,
}

/// P(at least `successes` of `dice` d10s (0–9) show `needed` or more), by counting faces.
fn counted(needed: i64, dice: u32, successes: u32) -> f64 {
    let total = 10u64.pow(dice);
    let mut good = 0u64;
    for combo in 0..total {
        let (mut c, mut hits) = (combo, 0);
        for _ in 0..dice {
            hits += u32::from((c % 10) as i64 >= needed);
            c /= 10;
        }
        good += u64::from(hits >= successes);
    }
    good as f64 / total as f64
}

/// The chance of an action of `challenge` with `venture` and `magic` magic dice.
fn chance(challenge: i64, venture: i64, magic: u32, successes: u32) -> f64 {
    let needed = challenge - venture;
    if successes > magic + 1 {
        0.0
    } else if challenge <= 0 || needed <= 0 {
        1.0
    } else if needed >= 10 {
        0.0
    } else {
        counted(needed, magic + 1, successes)
    }
}

/// The fewest bene (up to the wish and the pool) that give the best chance, and that chance.
fn best(wish: i64, pool: i64, p: impl Fn(i64) -> f64) -> (i64, f64) {
    let mut pick = (0, p(0));
    for k in 1..=wish.min(pool) {
        if p(k) > pick.1 {
            pick = (k, p(k));
        }
    }
    pick
}

/// Damage into a track, a point at a time: (new marks, injuries left).
fn points(injuries: i64, damage: i64, per: i64) -> (i64, i64) {
    let (mut inj, mut marks) = (injuries, 0);
    for _ in 0..damage {
        inj += 1;
        if inj == per {
            inj = 0;
            marks += 1;
        }
    }
    (marks, inj)
}

/// Every metric this programme covers, by name.
pub fn solve(d: &Duel) -> BTreeMap<String, f64> {
    let start = St {
        wounds: 0,
        injuries: 0,
        anguish: 0,
        mind: 0,
        pools: d.pools,
        npc_wounds: 0,
        npc_injuries: 0,
        npc_recovered: false,
    };
    let mental = d.defense == "resist";
    let def_pool = match d.defense {
        "dodge" => 1,
        "resist" => 2,
        _ => 3,
    };
    let neg_pool = if mental { 2 } else { 3 };
    let mut out: BTreeMap<String, f64> = BTreeMap::new();
    let mut add = |k: String, v: f64| *out.entry(k).or_insert(0.0) += v;
    let finish = |s: &St, round: u32, m: f64, add: &mut dyn FnMut(String, f64)| {
        let npc_dead = s.npc_wounds >= d.wounds_to_die;
        let dead = s.wounds >= 3;
        let gone = s.anguish >= 3;
        add("win.pcs".into(), if npc_dead { m } else { 0.0 });
        add("win.npcs".into(), if dead || gone { m } else { 0.0 });
        let stale = !(npc_dead || dead || gone);
        add("stalemate".into(), if stale { m } else { 0.0 });
        add("death.Ana".into(), if dead { m } else { 0.0 });
        add("down.Ana".into(), if dead || gone { m } else { 0.0 });
        add("out.Ana".into(), if gone { m } else { 0.0 });
        add("death.Foe".into(), if npc_dead { m } else { 0.0 });
        add("rounds.mean".into(), f64::from(round) * m);
        add(format!("wounds.Ana.{}", s.wounds), m);
        add(format!("wounds.Foe.{}", s.npc_wounds), m);
        add(
            format!("physicality_spent.Ana.{}", d.pools[3] - s.pools[3]),
            m,
        );
    };
    let mut live: HashMap<St, f64> = HashMap::from([(start, 1.0)]);
    for round in 1..=d.max_rounds {
        for pc_turn in [d.pcs_first, !d.pcs_first] {
            let mut next: HashMap<St, f64> = HashMap::new();
            for (s, m) in live {
                let mut go = |t: St, q: f64| {
                    if q == 0.0 {
                        return;
                    }
                    let over = t.wounds >= 3 || t.anguish >= 3 || t.npc_wounds >= d.wounds_to_die;
                    if over {
                        finish(&t, round, q * m, &mut add);
                    } else {
                        *next.entry(t).or_insert(0.0) += q * m;
                    }
                };
                // Injuries still to take: the PC's on its nearer track, of 9; the NPC's.
                let pc_left = (9 - 3 * s.wounds - s.injuries).min(9 - 3 * s.anguish - s.mind);
                let npc_full = d.injuries_per_wound * d.wounds_to_die;
                let npc_left = npc_full - d.injuries_per_wound * s.npc_wounds - s.npc_injuries;
                let pc_recovers = d.cautious.is_some_and(|below| {
                    (pc_left as f64) < below * 9.0 && s.pools[3] > 0 && s.injuries > 0
                });
                let npc_recovers = d.npc_recovers.is_some_and(|below| {
                    (npc_left as f64) < below * npc_full as f64
                        && !s.npc_recovered
                        && (s.npc_wounds > 0 || s.npc_injuries > 0)
                });
                if pc_turn && pc_recovers {
                    let mut t = s;
                    let spent = t.pools[3].min(t.injuries);
                    t.pools[3] -= spent;
                    t.injuries -= spent;
                    go(t, 1.0);
                } else if !pc_turn && npc_recovers {
                    let mut t = s;
                    t.npc_recovered = true;
                    if t.npc_wounds > 0 {
                        t.npc_wounds -= 1;
                    } else {
                        t.npc_injuries = 0;
                    }
                    go(t, 1.0);
                } else if pc_turn {
                    let challenge = d.level - d.npc_wound_penalty * s.npc_wounds + d.dodge;
                    let own = d.attack_base - d.wound_penalty * s.wounds;
                    let p_of = |k| chance(challenge, own + k, d.attack_dice, 1);
                    let (k, p) = best(d.attack_bene, s.pools[0], p_of);
                    let mut after = s;
                    after.pools[0] -= k;
                    let paid = d.effect > 0 && p > 0.0 && after.pools[0] >= d.effect;
                    if paid {
                        after.pools[0] -= d.effect;
                    }
                    let dmg = (d.damage + if paid { 2 * d.effect } else { 0 } - d.npc_armor).max(0);
                    let mut hit = after;
                    let (new, inj) = points(s.npc_injuries, dmg, d.injuries_per_wound);
                    hit.npc_wounds = (s.npc_wounds + new).min(d.wounds_to_die);
                    hit.npc_injuries = inj;
                    go(hit, p);
                    go(after, 1.0 - p);
                } else {
                    let challenge =
                        d.level - d.npc_wound_penalty * s.npc_wounds + d.attack_modifier;
                    let marks = if mental { s.anguish } else { s.wounds };
                    let own = d.defense_base - d.wound_penalty * marks;
                    let p_of = |k| chance(challenge, own + k, d.defense_dice, d.successes);
                    let (k, p) = best(d.defense_bene, s.pools[def_pool], p_of);
                    let mut after = s;
                    after.pools[def_pool] -= k;
                    go(after, p);
                    let dmg = if mental {
                        d.npc_damage
                    } else {
                        (d.npc_damage - d.armor).max(0)
                    };
                    let (inj_now, marks_now) = if mental {
                        (s.mind, s.anguish)
                    } else {
                        (s.injuries, s.wounds)
                    };
                    let (new, inj) = points(inj_now, dmg, 3);
                    let cap = if d.expansive { new } else { 1 };
                    let pool = after.pools[neg_pool];
                    let spend = match d.negate {
                        "greedy" => new.min(cap).min(pool),
                        "lethal_only" if marks_now + new >= 3 => {
                            let need = marks_now + new - 2;
                            if need <= cap.min(pool) { need } else { 0 }
                        }
                        _ => 0,
                    };
                    let mut hurt = after;
                    hurt.pools[neg_pool] -= spend;
                    let total = (marks_now + new - spend).min(3);
                    if mental {
                        (hurt.anguish, hurt.mind) = (total, inj);
                    } else {
                        (hurt.wounds, hurt.injuries) = (total, inj);
                    }
                    go(hurt, 1.0 - p);
                }
            }
            live = next;
        }
    }
    for (s, m) in live {
        finish(&s, d.max_rounds, m, &mut add);
    }
    let mut means: Vec<(String, f64)> = Vec::new();
    for prefix in ["wounds.Ana", "wounds.Foe", "physicality_spent.Ana"] {
        let mean = out
            .iter()
            .filter_map(|(k, v)| {
                let rest = k.strip_prefix(prefix)?.strip_prefix('.')?;
                Some(rest.parse::<f64>().ok()? * v)
            })
            .sum();
        means.push((format!("{prefix}.mean"), mean));
    }
    out.extend(means);
    out
}
