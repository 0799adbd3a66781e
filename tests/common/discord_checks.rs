//! What the Discord tests check of every body the bot sends: Discord's limits on a message,
//! and the request schemas of Discord's OpenAPI description (tests/fixtures/discord/).
#![allow(dead_code)]

use serde_json::{json, Value};

use crate::fake_discord::client::{content, custom_ids, ephemeral};
use crate::fake_discord::Request;

pub fn check_message_limits(r: &Request) {
    check_body_limits(&r.json["data"]);
}

/// Discord's limits on a message body: content 2,000 characters, at most 10 embeds, 5 rows
/// of at most 5 components, `custom_id` 1–100 characters, 1–25 menu options.
pub fn check_body_limits(data: &Value) {
    let text = data["content"].as_str().unwrap_or("");
    assert!(text.chars().count() <= 2000, "content too long");
    assert!(data["embeds"].as_array().map_or(0, Vec::len) <= 10);
    let choices = data["choices"].as_array().cloned().unwrap_or_default();
    assert!(choices.len() <= 25, "at most 25 autocomplete choices");
    for c in choices {
        let name = c["name"].as_str().unwrap_or("");
        assert!((1..=100).contains(&name.chars().count()));
    }
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    assert!(rows.len() <= 5);
    for row in rows {
        let comps = row["components"].as_array().cloned().unwrap();
        assert!(comps.len() <= 5);
        for c in comps {
            // A link button (style 5) has a URL of at most 512 characters and no custom id.
            if c["style"] == 5 {
                assert!(c.get("custom_id").is_none());
                let url = c["url"].as_str().unwrap();
                assert!(url.starts_with("http") && url.len() <= 512, "{url}");
                continue;
            }
            let id = c["custom_id"].as_str().unwrap();
            assert!((1..=100).contains(&id.len()));
            if let Some(options) = c["options"].as_array() {
                assert!((1..=25).contains(&options.len()));
            }
        }
    }
}

/// Two known, harmless differences (tests/fixtures/discord/README.md): serenity sends
/// `default_member_permissions` as a string of digits, and attachment placeholder ids as
/// integers.
pub fn normalise(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut out: serde_json::Map<String, Value> =
                map.iter().map(|(k, v)| (k.clone(), normalise(v))).collect();
            if let Some(Value::Array(attachments)) = out.get_mut("attachments") {
                for attachment in attachments {
                    if let Some(id) = attachment.get("id").and_then(Value::as_u64) {
                        attachment["id"] = Value::String(id.to_string());
                    }
                }
            }
            if let Some(Value::String(p)) = out.get("default_member_permissions") {
                if let Ok(n) = p.parse::<u64>() {
                    out.insert("default_member_permissions".into(), Value::from(n));
                }
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(normalise).collect()),
        other => other.clone(),
    }
}

/// Validates `{"pointer": …, "body": …}` items against the schemas of Discord's OpenAPI
/// description (JSON Schema 2020-12); returns the problems found.
pub fn openapi_problems(bodies: &[Value]) -> Vec<String> {
    let spec = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/discord/openapi.json"
    );
    let text = std::fs::read_to_string(spec)
        .unwrap_or_else(|e| panic!("Discord's OpenAPI description is expected at {spec}: {e}"));
    let spec: Value = serde_json::from_str(&text).expect("openapi.json is JSON");
    const ROOT: &str = "urn:discord:openapi";
    let registry = jsonschema::Registry::new()
        .add(ROOT, spec)
        .expect("the description is a resource")
        .prepare()
        .expect("the description's references resolve");
    let mut problems = Vec::new();
    for item in bodies {
        let pointer = item["pointer"].as_str().unwrap();
        // A JSON pointer in a URI fragment: `{` and `}` are percent-encoded there.
        let fragment = pointer.replace('{', "%7B").replace('}', "%7D");
        let validator = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .with_registry(&registry)
            .build(&json!({"$ref": format!("{ROOT}#{fragment}")}))
            .unwrap_or_else(|e| panic!("{pointer}: {e}"));
        let body = &item["body"];
        if validator.is_valid(body) || validator.is_valid(&normalise(body)) {
            continue;
        }
        for error in validator.iter_errors(&normalise(body)).take(5) {
            let message: String = error.to_string().chars().take(300).collect();
            problems.push(format!("{pointer}: {}: {message}", error.instance_path()));
        }
    }
    problems
}

/// Checks every body the bot sent that Discord's OpenAPI description has a schema for
/// (registration, interaction callbacks, followups and edits, messages, threads); returns
/// how many were checked.
pub fn validate_bodies(requests: &[Request]) -> usize {
    const SCHEMA: &str = "/requestBody/content/application~1json/schema";
    let mut bodies = Vec::new();
    for r in requests {
        let segments: Vec<&str> = r.path.trim_start_matches('/').split('/').collect();
        let path = match (r.method.as_str(), segments.as_slice()) {
            ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                "~1applications~1{application_id}~1guilds~1{guild_id}~1commands/put"
            }
            ("PUT", ["applications", _, "commands"]) => {
                "~1applications~1{application_id}~1commands/put"
            }
            ("POST", ["interactions", _, _, "callback"]) => {
                "~1interactions~1{interaction_id}~1{interaction_token}~1callback/post"
            }
            ("POST", ["webhooks", _, _]) => "~1webhooks~1{webhook_id}~1{webhook_token}/post",
            ("PATCH", ["webhooks", _, _, "messages", "@original"]) => {
                "~1webhooks~1{webhook_id}~1{webhook_token}~1messages~1@original/patch"
            }
            ("POST", ["channels", _, "messages"]) => "~1channels~1{channel_id}~1messages/post",
            ("POST", ["channels", _, "threads"]) => "~1channels~1{channel_id}~1threads/post",
            _ => continue,
        };
        if !path.ends_with("commands/put") {
            let message = if r.json["data"].is_object() {
                &r.json["data"]
            } else {
                &r.json
            };
            check_body_limits(message);
        }
        bodies.push(json!({"pointer": format!("/paths/{path}{SCHEMA}"), "body": r.json}));
    }
    let problems = openapi_problems(&bodies);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    bodies.len()
}

/// The content of a message body (not an interaction callback).
pub fn content_of_message(r: &Request) -> String {
    r.json["content"].as_str().unwrap_or("").to_string()
}

pub fn message_custom_ids(r: &Request) -> Vec<(String, String)> {
    let wrapped = Request {
        json: json!({"data": r.json}),
        ..r.clone()
    };
    custom_ids(&wrapped)
}

/// A board as every member sees it: a public answer with its PNG, within Discord's limits.
/// Returns its text.
pub fn public_board(r: &Request) -> String {
    let text = content(r);
    assert!(!ephemeral(r), "{text}");
    assert!(r.files[0].2.starts_with(b"\x89PNG"), "{text}");
    check_message_limits(r);
    text
}
