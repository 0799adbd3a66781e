//! The droid's shop through the console: buying from the house, refusals that change
//! nothing, wearing and taking off, a server's own price, and the bought set on the board
//! the players get (decoded and probed pixel by pixel).

use holotable::games::dejarik::parse_cell;
use holotable::render::dejarik::cell_center;
use holotable::render::kit::{theme, Rgb};
use holotable::render::looks::distance;
use holotable::table::wares::{find, Look};
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console, reopen, say, strings, text};

/// The only reply to a line.
fn one(c: &mut holotable::front::console::Console, line: &str) -> Value {
    let mut replies = say(c, line);
    assert_eq!(replies.len(), 1, "{line}: {replies:?}");
    replies.remove(0)
}

fn credits(c: &mut holotable::front::console::Console, who: &str) -> i64 {
    let t = text(&one(c, &format!("{who}: /balance")));
    t.split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

fn refused(reply: &Value, why: &str) {
    assert_eq!(reply["ephemeral"], true, "{reply}");
    assert!(text(reply).contains(why), "{reply}");
}

/// Decodes a board to (width, RGB bytes).
fn decode(path: &str) -> (u32, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let n = info.color_type.samples();
    let rgb = buf
        .chunks_exact(n)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, rgb)
}

/// The colour of a Dejarik piece's face on `cell`, a little off its centre (between its
/// mark and its edge).
fn face_on(image: &(u32, Vec<u8>), cell: &str, dx: f32, dy: f32) -> Rgb {
    let (x, y) = cell_center(parse_cell(cell).unwrap());
    let (w, rgb) = image;
    let i = (((y + dy).round() as u32 * w + (x + dx).round() as u32) * 3) as usize;
    Rgb(rgb[i], rgb[i + 1], rgb[i + 2])
}

fn set_face(id: &str) -> Rgb {
    match find(holotable::words::Lang::En, id).unwrap().look {
        Look::Set(set) => set.face,
        Look::Theme(_) => panic!("{id} is a theme"),
    }
}

// White on i1, i2, i3, o4; Black on o7–o10 (DJ-5.1: White wins at once with o4-i4).
const QUICK: &str = "setup:\"i1,i2,i3,o4/o7,o8,o9,o10/w:-\"";

#[test]
fn a_purchase_dresses_the_buyers_pieces_and_refusals_change_nothing() {
    let (mut c, dir) = console("shop");
    let shop = one(&mut c, "alice: /shop");
    assert_eq!(shop["ephemeral"], true);
    assert!(
        text(&shop).contains("**Kyber** (`kyber`, piece set)"),
        "{shop}"
    );
    assert!(text(&shop).contains("450 credits"), "{shop}");

    let bought = one(&mut c, "alice: /buy item:kyber");
    assert!(
        text(&bought).contains("alice buys Kyber from the droid for 450 credits (balance 550)"),
        "{bought}"
    );
    assert!(text(&bought).contains("worn from now on"), "{bought}");
    // Bad input: each a specific, private refusal, and the balance does not move.
    refused(
        &one(&mut c, "alice: /buy item:kyber"),
        "You already own Kyber",
    );
    refused(
        &one(&mut c, "alice: /buy item:lightsaber"),
        "sells no “lightsaber”",
    );
    refused(
        &one(&mut c, "alice: /equip item:endor"),
        "You do not own Endor",
    );
    assert_eq!(credits(&mut c, "alice"), 550);
    let gold = one(&mut c, "bob: /buy item:hutt-gold");
    assert!(text(&gold).contains("(balance 400)"), "{gold}");
    refused(
        &one(&mut c, "bob: /buy item:mustafar"),
        "bob has 400 credits, 700 are needed",
    );
    assert_eq!(credits(&mut c, "bob"), 400);
    refused(
        &one(&mut c, "bob: /admin action:price item:endor price:100"),
        "Manage Server",
    );
    let inventory = one(&mut c, "alice: /inventory");
    assert!(
        text(&inventory).contains("Kyber (`kyber`) — worn"),
        "{inventory}"
    );

    // The table's boards: alice's pieces in Kyber, bob's in Hutt gold.
    let start = say(
        &mut c,
        &format!("alice: /play game:dejarik opponent:bob {QUICK}"),
    );
    let accepted = say(&mut c, "bob: [Accept]");
    let board = strings(&accepted[0], "images")[0].clone();
    let image = decode(&board);
    assert!(!start.is_empty());
    let white = face_on(&image, "o4", 18.0, 0.0);
    assert!(distance(white, set_face("kyber")) < 20.0, "{white:?}");
    let black = face_on(&image, "o8", 14.0, 8.0);
    assert!(distance(black, set_face("hutt-gold")) < 20.0, "{black:?}");

    // Taken off, the pieces show the game's own colours on the next board.
    let off = one(&mut c, "alice: /equip item:kyber");
    assert!(text(&off).contains("alice takes off Kyber"), "{off}");
    let shown = say(&mut c, "alice: /board");
    let image = decode(&strings(&shown[0], "images")[0]);
    let white = face_on(&image, "o4", 18.0, 0.0);
    assert!(distance(white, theme::LIGHT_PIECE) < 20.0, "{white:?}");
    let on = one(&mut c, "alice: /equip item:kyber");
    assert!(text(&on).contains("alice now wears Kyber"), "{on}");

    // What was bought survives a restart.
    drop(c);
    let mut c = reopen(&dir);
    let inventory = one(&mut c, "alice: /inventory");
    assert!(
        text(&inventory).contains("Kyber (`kyber`) — worn"),
        "{inventory}"
    );
    refused(&one(&mut c, "alice: /buy item:kyber"), "already own");
    assert_eq!(credits(&mut c, "alice"), 550);
    audit(&dir);
}

#[test]
fn a_servers_price_and_the_shop_in_french() {
    let (mut c, dir) = console("shop-price");
    let priced = one(&mut c, "admin: /admin action:price item:endor price:100");
    assert!(
        text(&priced).contains("Endor now costs 100 credits"),
        "{priced}"
    );
    let shop = one(&mut c, "carol@fr: /shop");
    assert!(
        text(&shop).contains("**Endor** (`endor`, jeu de pièces)"),
        "{shop}"
    );
    assert!(text(&shop).contains("100 crédits"), "{shop}");
    let bought = one(&mut c, "carol@fr: /buy item:endor");
    assert!(
        text(&bought).contains("carol achète Endor au droïde pour 100 crédits (solde 900)"),
        "{bought}"
    );
    let again = one(&mut c, "carol@fr: /buy item:endor");
    refused(&again, "Vous possédez déjà Endor");
    // Back to the catalogue's price for the next buyer.
    one(&mut c, "admin: /admin action:price item:endor");
    let bought = one(&mut c, "dave: /buy item:endor");
    assert!(text(&bought).contains("for 450 credits"), "{bought}");
    // A second item in a worn slot waits in the inventory until equipped.
    let kept = one(&mut c, "dave: /buy item:kyber");
    assert!(
        text(&kept).contains("Wear it with `/equip item:kyber`"),
        "{kept}"
    );
    let inventory = one(&mut c, "dave: /inventory");
    assert!(
        text(&inventory).contains("Endor (`endor`) — worn"),
        "{inventory}"
    );
    assert!(
        !text(&inventory).contains("Kyber (`kyber`) — worn"),
        "{inventory}"
    );
    audit(&dir);
}

fn audit(dir: &std::path::Path) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db"])
        .arg(dir.join("h.db"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn purchases_are_immutable_and_the_audit_finds_one_not_paid() {
    let (mut c, dir) = console("shop-audit");
    one(&mut c, "alice: /buy item:kyber");
    drop(c);
    audit(&dir);
    let db = rusqlite::Connection::open(dir.join("h.db")).unwrap();
    let changed = db.execute("UPDATE purchases SET price = 1", []);
    assert!(format!("{changed:?}").contains("immutable"), "{changed:?}");
    // A row claiming a purchase its operation never paid for.
    db.execute(
        "INSERT INTO purchases (guild_id, user_id, item, price, operation, created_at)
         SELECT guild_id, user_id, 'endor', 300, operation, created_at FROM purchases",
        [],
    )
    .unwrap();
    drop(db);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db"])
        .arg(dir.join("h.db"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let report = String::from_utf8_lossy(&out.stderr);
    assert!(
        report.contains("alice owns endor without paying its 300 credits"),
        "{report}"
    );
}
