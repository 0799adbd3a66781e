//! TLS to PostgreSQL, as libpq's `sslmode` asks for it (issue 52): a database reached over a
//! network carries every balance and the secret seeds of every table, so an operator can
//! require encryption, and a verified server, in the URL alone:
//!
//! - `sslmode=require`: encrypted; the server's certificate is not checked (libpq's own
//!   meaning), unless `sslrootcert=FILE` names the roots to check it against;
//! - `sslmode=verify-ca`: encrypted, the certificate signed by a trusted root;
//! - `sslmode=verify-full`: that, and issued for the host connected to.
//!
//! Roots are those of `sslrootcert=FILE` (PEM), else Mozilla's. `disable`, `allow` and
//! `prefer` connect without TLS, as before. The driver knows only some of these words, so
//! the URL is read here first and handed on with `sslmode=require` where TLS is needed.

use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, Error, RootCertStore, SignatureScheme};

/// What a URL asks of the connection's security.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Security {
    /// No TLS (`disable`, `allow`, `prefer`, or nothing said).
    Plain,
    /// TLS; the certificate checked as `check` says, against `roots` (a PEM file) or
    /// Mozilla's roots.
    Tls { check: Check, roots: Option<String> },
}

/// How much of the server's certificate is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Check {
    Nothing,
    Chain,
    ChainAndHost,
}

/// `url` as the driver reads it, and the security it asks for.
pub(super) fn read(url: &str) -> Result<(String, Security), String> {
    let Some((base, query)) = url.trim().split_once('?') else {
        return Ok((url.trim().to_string(), Security::Plain));
    };
    let mut mode = None;
    let mut roots = None;
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("sslmode", value)) => mode = Some(value.to_ascii_lowercase()),
            Some(("sslrootcert", value)) => roots = Some(value.to_string()),
            _ => kept.push(pair.to_string()),
        }
    }
    let check = match mode.as_deref() {
        None | Some("disable") | Some("allow") | Some("prefer") => None,
        Some("require") if roots.is_some() => Some(Check::Chain),
        Some("require") => Some(Check::Nothing),
        Some("verify-ca") => Some(Check::Chain),
        Some("verify-full") => Some(Check::ChainAndHost),
        Some(other) => {
            return Err(format!(
                "sslmode={other} is not one of disable, allow, prefer, require, verify-ca, \
                 verify-full"
            ))
        }
    };
    let security = match check {
        None => Security::Plain,
        Some(check) => {
            kept.push("sslmode=require".to_string());
            Security::Tls { check, roots }
        }
    };
    let url = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((url, security))
}

/// The rustls client a TLS connection uses.
pub(super) fn client(check: Check, roots: Option<&str>) -> Result<rustls::ClientConfig, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut store = RootCertStore::empty();
    match roots {
        Some(path) => {
            let certificates = CertificateDer::pem_file_iter(path)
                .map_err(|e| format!("sslrootcert {path}: {e}"))?;
            for certificate in certificates {
                let certificate = certificate.map_err(|e| format!("sslrootcert {path}: {e}"))?;
                store
                    .add(certificate)
                    .map_err(|e| format!("sslrootcert {path}: {e}"))?;
            }
        }
        None => store.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(store), provider.clone())
        .build()
        .map_err(|e| format!("the TLS roots: {e}"))?;
    let verifier: Arc<dyn ServerCertVerifier> = match check {
        Check::ChainAndHost => webpki,
        check => Arc::new(Lenient { check, webpki }),
    };
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth())
}

/// The checks of `require` (none) and `verify-ca` (the chain, whatever the host), as libpq
/// makes them; the handshake's own signatures are always verified.
#[derive(Debug)]
struct Lenient {
    check: Check,
    webpki: Arc<WebPkiServerVerifier>,
}

impl ServerCertVerifier for Lenient {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        if self.check == Check::Nothing {
            return Ok(ServerCertVerified::assertion());
        }
        match self
            .webpki
            .verify_server_cert(end_entity, intermediates, server_name, ocsp, now)
        {
            Err(Error::InvalidCertificate(rustls::CertificateError::NotValidForName))
            | Err(Error::InvalidCertificate(rustls::CertificateError::NotValidForNameContext {
                ..
            })) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.webpki.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.webpki.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.webpki.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sslmode_is_read_before_the_driver_and_handed_on_as_it_knows_it() {
        let (url, security) = read("postgres://u@h/db").unwrap();
        assert_eq!(
            (url.as_str(), security),
            ("postgres://u@h/db", Security::Plain)
        );
        let (url, security) =
            read("postgres://u@h/db?application_name=x&sslmode=verify-full").unwrap();
        assert_eq!(url, "postgres://u@h/db?application_name=x&sslmode=require");
        assert_eq!(
            security,
            Security::Tls {
                check: Check::ChainAndHost,
                roots: None
            }
        );
        let (_, security) = read("postgres://u@h/db?sslmode=require&sslrootcert=/ca.pem").unwrap();
        assert_eq!(
            security,
            Security::Tls {
                check: Check::Chain,
                roots: Some("/ca.pem".into())
            }
        );
        let (url, security) = read("postgres://u@h/db?sslmode=prefer").unwrap();
        assert_eq!(
            (url.as_str(), security),
            ("postgres://u@h/db", Security::Plain)
        );
        assert!(read("postgres://u@h/db?sslmode=maybe").is_err());
    }
}
