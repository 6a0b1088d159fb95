package main

import (
	"fmt"
	"io"
)

// ourVersion is the identification string both sides send.
const ourVersion = "SSH-2.0-moduletto_sshkex"

// result is what an exchange established, for printing and tests.
type result struct {
	peerVersion string
	alg         algorithms
	hostKey     []byte // the server's host key blob
}

// clientConfig is what the client offers and where its keys come from.
type clientConfig struct {
	kex, hostKey []string
	// kemKey returns the decapsulation key for an exchange by m (from a
	// pool when several exchanges run); nil means m.generate.
	kemKey func(m *method) (kemKey, error)
}

// runClient performs the client side of the key exchange on conn, up to
// and including both NEWKEYS (RFC 4253, Sections 4.2, 7 and 8 with the
// hybrid methods of kex.go), verifies the server's host key signature,
// then sends an encrypted DISCONNECT. Every error names the step that
// failed.
func runClient(conn io.ReadWriter, cfg clientConfig) (*result, error) {
	t := newTransport(conn)
	tr, alg, err := t.hello(newKexInit(cfg.kex, cfg.hostKey), true)
	if err != nil {
		return nil, err
	}
	m := methods[alg.kex]

	var key kemKey
	if cfg.kemKey != nil {
		key, err = cfg.kemKey(m)
	} else {
		key, err = m.generate()
	}
	if err != nil {
		return nil, fmt.Errorf("generating the %s key: %w", m.kem, err)
	}
	x, err := newX25519()
	if err != nil {
		return nil, fmt.Errorf("generating the X25519 key: %w", err)
	}
	cInit := append(key.encapsulationKey(), x.PublicKey().Bytes()...)
	if err := t.writePacket(appendString([]byte{msgKexECDHInit}, cInit)); err != nil {
		return nil, fmt.Errorf("sending the key exchange init: %w", err)
	}

	reply, err := t.readMessage(msgKexECDHReply, "waiting for the server's key exchange reply")
	if err != nil {
		return nil, err
	}
	hostKey, sReply, sig, err := parseReply(reply)
	if err != nil {
		return nil, t.fail(err)
	}
	k, err := m.clientSide(sReply, key, x)
	if err != nil {
		return nil, t.fail(err)
	}
	h := m.exchangeHash(tr, hostKey, cInit, sReply, k)
	if err := verifyHostKeySignature(alg.hostKey, hostKey, sig, h); err != nil {
		return nil, t.fail(fmt.Errorf("verifying the server's %s signature of the exchange hash: %w", alg.hostKey, err))
	}

	if err := t.newKeys(m, k, h, true); err != nil {
		return nil, err
	}
	return &result{peerVersion: tr.serverVersion, alg: alg, hostKey: hostKey}, nil
}

// newKeys sends NEWKEYS and switches what we send to the new keys (RFC
// 4253, Section 7.3; the session identifier is the exchange hash h of this
// first exchange), waits for the peer's NEWKEYS, and sends an encrypted
// DISCONNECT.
func (t *transport) newKeys(m *method, k, h []byte, client bool) error {
	who := "server"
	if !client {
		who = "client"
	}
	if err := t.writePacket([]byte{msgNewKeys}); err != nil {
		return fmt.Errorf("sending NEWKEYS: %w", err)
	}
	var err error
	if t.out, err = newSealer(m.hash, k, h, h, client); err != nil {
		return err
	}
	if _, err := t.readMessage(msgNewKeys, "waiting for the "+who+"'s NEWKEYS"); err != nil {
		return err
	}
	if err := t.disconnect(disconnectByApplication, "sshkex: key exchange complete"); err != nil {
		return fmt.Errorf("sending DISCONNECT: %w", err)
	}
	return nil
}

// hello runs the steps both sides share: the version exchange (RFC 4253,
// Section 4.2), the KEXINIT exchange and the negotiation (Section 7.1),
// and skipping a wrongly guessed first key exchange packet of the peer.
func (t *transport) hello(ours *kexInit, client bool) (*transcript, algorithms, error) {
	tr := new(transcript)
	mine, peer := &tr.clientVersion, &tr.serverVersion
	myInit, peerInit := &tr.clientKexInit, &tr.serverKexInit
	who := "server"
	if !client {
		mine, peer = peer, mine
		myInit, peerInit = peerInit, myInit
		who = "client"
	}
	*mine = ourVersion
	if err := t.sendVersion(ourVersion); err != nil {
		return nil, algorithms{}, fmt.Errorf("sending our version: %w", err)
	}
	var err error
	// A server may send other lines before its version; a client may not.
	if *peer, err = t.readVersion(client); err != nil {
		return nil, algorithms{}, err
	}
	*myInit = ours.marshal()
	if err := t.writePacket(*myInit); err != nil {
		return nil, algorithms{}, fmt.Errorf("sending KEXINIT: %w", err)
	}
	if *peerInit, err = t.readMessage(msgKexInit, "waiting for the "+who+"'s KEXINIT"); err != nil {
		return nil, algorithms{}, err
	}
	theirs, err := parseKexInit(*peerInit)
	if err != nil {
		return nil, algorithms{}, fmt.Errorf("%s's %w", who, err)
	}
	clientInit, serverInit := ours, theirs
	if !client {
		clientInit, serverInit = theirs, ours
	}
	alg, ignoreGuess, err := negotiate(clientInit, serverInit, theirs)
	if err != nil {
		return nil, algorithms{}, t.fail(err)
	}
	if ignoreGuess {
		// The peer guessed its first key exchange packet wrong: RFC 4253,
		// Section 7, says to ignore it.
		if _, err := t.readPacket(); err != nil {
			return nil, algorithms{}, fmt.Errorf("skipping the %s's wrong guess: %w", who, err)
		}
	}
	return tr, alg, nil
}

// parseReply parses SSH_MSG_KEX_ECDH_REPLY: string K_S (the host key),
// string S_REPLY, string signature. Each is bounded by the packet size.
func parseReply(p []byte) (hostKey, sReply, sig []byte, err error) {
	r := reader{b: p[1:]}
	hostKey, sReply, sig = r.string(), r.string(), r.string()
	r.end()
	if r.err != nil {
		return nil, nil, nil, fmt.Errorf("malformed key exchange reply: %w", r.err)
	}
	return hostKey, sReply, sig, nil
}

// fail tells the peer the key exchange failed (a best effort, in the
// clear: no keys are in use yet) and returns err.
func (t *transport) fail(err error) error {
	if t.out == nil {
		_ = t.disconnect(disconnectKeyExchangeFailed, "sshkex: "+err.Error())
	}
	return err
}
