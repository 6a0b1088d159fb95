package main

import (
	"crypto/rand"
	"fmt"
	"slices"
)

// kexInit is SSH_MSG_KEXINIT (RFC 4253, Section 7.1): a cookie, ten
// name-lists and the first_kex_packet_follows flag.
type kexInit struct {
	cookie      [16]byte
	kex         []string
	hostKey     []string
	ciphers     [2][]string // client to server, server to client
	macs        [2][]string
	compression [2][]string
	languages   [2][]string
	guessFollow bool
}

// marshal returns the payload of the message, message number first; the
// exchange hash covers these bytes as I_C or I_S.
func (k *kexInit) marshal() []byte {
	p := []byte{msgKexInit}
	p = append(p, k.cookie[:]...)
	for _, l := range [][]string{k.kex, k.hostKey,
		k.ciphers[0], k.ciphers[1], k.macs[0], k.macs[1],
		k.compression[0], k.compression[1], k.languages[0], k.languages[1]} {
		p = appendNameList(p, l)
	}
	p = appendBool(p, k.guessFollow)
	return appendUint32(p, 0) // reserved
}

// parseKexInit parses the payload of a KEXINIT message.
func parseKexInit(p []byte) (*kexInit, error) {
	r := reader{b: p}
	if n := r.byte(); n != msgKexInit || r.err != nil {
		return nil, fmt.Errorf("KEXINIT: message %d, expected %d", n, msgKexInit)
	}
	var k kexInit
	copy(k.cookie[:], r.bytes(16))
	for _, l := range []*[]string{&k.kex, &k.hostKey,
		&k.ciphers[0], &k.ciphers[1], &k.macs[0], &k.macs[1],
		&k.compression[0], &k.compression[1], &k.languages[0], &k.languages[1]} {
		*l = r.nameList()
	}
	k.guessFollow = r.bool()
	r.uint32() // reserved; RFC 4253 says 0, and nobody checks it
	r.end()
	if r.err != nil {
		return nil, fmt.Errorf("KEXINIT: %w", r.err)
	}
	return &k, nil
}

// The algorithms we offer. Of the ciphers, MACs and compression only the
// ones we use for the one encrypted packet we send (our DISCONNECT after
// NEWKEYS) are offered: both OpenSSH and x/crypto/ssh have them.
const (
	kexSNTRUP          = "sntrup761x25519-sha512"
	kexSNTRUPOpenSSH   = "sntrup761x25519-sha512@openssh.com"
	kexMLKEM           = "mlkem768x25519-sha256"
	cipherAES128CTR    = "aes128-ctr"
	macHMACSHA256      = "hmac-sha2-256"
	compressionNone    = "none"
	hostKeyEd25519     = "ssh-ed25519"
	hostKeyECDSAP256   = "ecdsa-sha2-nistp256"
	hostKeyRSASHA512   = "rsa-sha2-512"
	hostKeyRSASHA256   = "rsa-sha2-256"
	defaultKexList     = kexMLKEM + "," + kexSNTRUP + "," + kexSNTRUPOpenSSH
	defaultHostKeyList = hostKeyEd25519 + "," + hostKeyECDSAP256 + "," + hostKeyRSASHA512 + "," + hostKeyRSASHA256
)

// newKexInit returns our KEXINIT with a fresh cookie.
func newKexInit(kex, hostKey []string) *kexInit {
	k := &kexInit{kex: kex, hostKey: hostKey}
	rand.Read(k.cookie[:])
	for i := range 2 {
		k.ciphers[i] = []string{cipherAES128CTR}
		k.macs[i] = []string{macHMACSHA256}
		k.compression[i] = []string{compressionNone}
	}
	return k
}

// algorithms is the outcome of the negotiation.
type algorithms struct {
	kex, hostKey string
	cipher, mac  [2]string // client to server, server to client
}

// negotiate chooses the algorithms as RFC 4253, Section 7.1, says: for
// each list, the first algorithm of the client's list that the server's
// list has. Every method we implement needs only a host key that can sign,
// so the key exchange and host key lists are independent. It also reports
// whether a guessed first key exchange packet from the peer must be
// ignored: when the peer's guess (the first entries of its lists) was
// wrong.
func negotiate(client, server *kexInit, peer *kexInit) (algorithms, bool, error) {
	var a algorithms
	var err error
	pick := func(what string, c, s []string) string {
		if err != nil {
			return ""
		}
		for _, name := range c {
			if slices.Contains(s, name) {
				return name
			}
		}
		err = fmt.Errorf("negotiation: no common %s algorithm (client offers %q, server %q)", what, c, s)
		return ""
	}
	a.kex = pick("key exchange", client.kex, server.kex)
	a.hostKey = pick("host key", client.hostKey, server.hostKey)
	for i, dir := range []string{"client to server", "server to client"} {
		a.cipher[i] = pick("cipher "+dir, client.ciphers[i], server.ciphers[i])
		a.mac[i] = pick("MAC "+dir, client.macs[i], server.macs[i])
		pick("compression "+dir, client.compression[i], server.compression[i])
	}
	if err != nil {
		return algorithms{}, false, err
	}
	ignoreGuess := peer.guessFollow &&
		(len(client.kex) == 0 || len(server.kex) == 0 || client.kex[0] != server.kex[0] ||
			len(client.hostKey) == 0 || len(server.hostKey) == 0 || client.hostKey[0] != server.hostKey[0])
	return a, ignoreGuess, nil
}
