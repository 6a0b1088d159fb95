package main

import (
	"crypto/ecdh"
	"fmt"
	"io"
)

// serverConfig is what the server offers and where its keys come from.
type serverConfig struct {
	kex     []string
	hostKey ed25519HostKey
	// x25519 returns the server's ephemeral X25519 key for an exchange
	// (from a pool in -listen mode); nil means newX25519.
	x25519 func() (*ecdh.PrivateKey, error)
}

// runServer performs the server side of the key exchange on conn: it
// answers the client's init by encapsulating to the client's KEM key,
// signs the exchange hash with the host key, sends NEWKEYS, waits for the
// client's NEWKEYS (which a client sends only after verifying the
// signature), then sends an encrypted DISCONNECT.
func runServer(conn io.ReadWriter, cfg serverConfig) (*result, error) {
	t := newTransport(conn)
	tr, alg, err := t.hello(newKexInit(cfg.kex, []string{hostKeyEd25519}), false)
	if err != nil {
		return nil, err
	}
	m := methods[alg.kex]

	init, err := t.readMessage(msgKexECDHInit, "waiting for the client's key exchange init")
	if err != nil {
		return nil, err
	}
	r := reader{b: init[1:]}
	cInit := r.string()
	r.end()
	if r.err != nil {
		return nil, t.fail(fmt.Errorf("malformed key exchange init: %w", r.err))
	}
	newKey := cfg.x25519
	if newKey == nil {
		newKey = newX25519
	}
	x, err := newKey()
	if err != nil {
		return nil, fmt.Errorf("generating the X25519 key: %w", err)
	}
	sReply, k, err := m.serverSide(cInit, x)
	if err != nil {
		return nil, t.fail(err)
	}
	hostKey := cfg.hostKey.blob()
	h := m.exchangeHash(tr, hostKey, cInit, sReply, k)
	reply := []byte{msgKexECDHReply}
	reply = appendString(reply, hostKey)
	reply = appendString(reply, sReply)
	reply = appendString(reply, cfg.hostKey.sign(h))
	if err := t.writePacket(reply); err != nil {
		return nil, fmt.Errorf("sending the key exchange reply: %w", err)
	}

	if err := t.newKeys(m, k, h, false); err != nil {
		return nil, err
	}
	return &result{peerVersion: tr.clientVersion, alg: alg, hostKey: hostKey}, nil
}
