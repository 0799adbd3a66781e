//! The droid's shop through the real serenity/poise client against the fake Discord: the
//! items offered as a fixed list of choices in both languages, a purchase told in public,
//! a refusal told privately, and the bought set on the board Discord receives.

mod fake_discord;

use fake_discord::client::*;
use fake_discord::FakeDiscord;
use holotable::render::kit::Rgb;
use holotable::render::looks::distance;
use serde_json::{json, Value};

fn item(id: &str) -> Value {
    json!([{"name": "item", "type": 3, "value": id}])
}

/// The colour at (x, y) of a PNG.
fn pixel_of(png: &[u8], (x, y): (f32, f32)) -> Rgb {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let n = info.color_type.samples();
    let i = ((y.round() as u32 * info.width + x.round() as u32) as usize) * n;
    Rgb(buf[i], buf[i + 1], buf[i + 2])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shop_and_buy_through_the_real_client() {
    let lang = holotable::words::Lang::En;
    let dir = workdir("discord-shop");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    let put = fake
        .wait_for(0, WAIT, |r| {
            r.method == "PUT" && r.path.ends_with("/guilds/4000/commands")
        })
        .await;
    connected(&fake).await;

    // /buy offers the catalogue as choices, named in English and French.
    let commands = put.json.as_array().unwrap();
    let buy = commands.iter().find(|c| c["name"] == "buy").unwrap();
    let choices = buy["options"][0]["choices"].as_array().unwrap();
    let kyber = choices.iter().find(|c| c["value"] == "kyber").unwrap();
    assert_eq!(kyber["name"], "Kyber");
    let gold = choices.iter().find(|c| c["value"] == "hutt-gold").unwrap();
    assert_eq!(gold["name_localizations"]["fr"], "Or hutt");
    assert!(commands.iter().any(|c| c["name"] == "shop"));

    let n = fake.requests().len();
    fake.slash(3001, ALICE, "shop", json!([]), Value::Null);
    let shop = answer(&fake, n, 3001).await;
    assert!(ephemeral(&shop), "{:?}", shop.json);
    assert!(content(&shop).contains("**Kyber**"), "{:?}", shop.json);

    fake.slash(3002, ALICE, "buy", item("kyber"), Value::Null);
    let bought = answer(&fake, n, 3002).await;
    assert!(!ephemeral(&bought), "{:?}", bought.json);
    assert!(
        content(&bought).contains("alice buys Kyber from the droid for 450 credits (balance 550)"),
        "{:?}",
        bought.json
    );
    fake.slash(3003, ALICE, "buy", item("kyber"), Value::Null);
    let again = answer(&fake, n, 3003).await;
    assert!(ephemeral(&again), "{:?}", again.json);
    assert!(
        content(&again).contains("You already own Kyber"),
        "{:?}",
        again.json
    );
    fake.set_locale(BOB.0, "fr");
    fake.slash(3004, BOB, "equip", item("kyber"), Value::Null);
    let not_owned = answer(&fake, n, 3004).await;
    assert!(ephemeral(&not_owned));
    assert!(
        content(&not_owned).contains("Vous ne possédez pas Kyber"),
        "{:?}",
        not_owned.json
    );
    fake.set_locale(BOB.0, "en-US");

    // alice plays White: her pieces on the board Discord receives wear the set.
    fake.slash(
        3005,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": BOB.0},
               {"name": "first", "type": 3, "value": "me"}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
    let challenge = answer(&fake, n, 3005).await;
    let accept = button(&challenge, "Accept");
    fake.component(3006, BOB, &accept, &[]);
    let board = answer(&fake, n, 3006).await;
    let (_, _, png) = board.files.first().expect("the board is attached").clone();
    let cell = holotable::games::dejarik::parse_cell("o5").unwrap();
    let (x, y) = holotable::render::dejarik::cell_center(cell);
    let face = pixel_of(&png, (x + 18.0, y));
    let set = match holotable::table::wares::find(lang, "kyber").unwrap().look {
        holotable::table::wares::Look::Set(set) => set,
        holotable::table::wares::Look::Theme(_) => unreachable!(),
    };
    assert!(distance(face, set.face) < 20.0, "{face:?}");
}
