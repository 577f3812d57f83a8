//! The tests of `state` (the module above, `super`).

use super::*;

#[test]
fn numbers_come_back_as_written() {
    let mut w = KeyWriter::default();
    let mut values = [0i64, 1, -1, 63, -64, 64, 1 << 40, i64::MIN, i64::MAX];
    w.fields(&mut values);
    let (mut mask, mut flag, mut who) = (u64::MAX, true, Some(3usize));
    w.field(&mut mask);
    w.field(&mut flag);
    w.field(&mut who);
    let mut none: Option<usize> = None;
    w.field(&mut none);
    // Small numbers take a byte each.
    assert_eq!(w.bytes[..5], [0, 2, 1, 126, 127]);
    let mut r = KeyReader::new(&w.bytes);
    let mut back = [7i64; 9];
    r.fields(&mut back);
    assert_eq!(back, values);
    let (mut m, mut f, mut o, mut n) = (0u64, false, None, Some(1usize));
    r.field(&mut m);
    r.field(&mut f);
    r.field(&mut o);
    r.field(&mut n);
    assert_eq!((m, f, o, n), (u64::MAX, true, Some(3), None));
    assert_eq!(r.read(), w.bytes.len());
}

#[test]
fn keys_are_numbered_once_each_in_order() {
    let mut set = KeySet::default();
    for round in 0..2 {
        for k in 0..1000u32 {
            let key = k.to_le_bytes();
            let (n, new) = set.intern(&key[..(k % 4 + 1) as usize]);
            let first = set.get(&key[..(k % 4 + 1) as usize]).unwrap();
            assert_eq!(n, first);
            if round == 1 {
                assert!(!new);
            }
        }
    }
    assert!(set.len() < 1000, "short keys repeat");
    assert_eq!(set.get(b"\xff\xff\xff\xff\xff"), None);
    let n = set.len();
    set.clear();
    assert!(set.len() == 0 && set.get(&[0]).is_none());
    set.intern(&[7]);
    assert_eq!((set.len(), set.key(0)), (1, &[7u8][..]));
    assert!(n > 0);
}
