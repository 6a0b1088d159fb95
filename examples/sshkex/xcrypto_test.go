package main

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/ssh"
)

// These tests run mlkem768x25519-sha256 against golang.org/x/crypto/ssh,
// an independent implementation, in both directions (it has no
// sntrup761x25519-sha512; openssh_test.go covers that with OpenSSH). In
// both, the peer's error names our DISCONNECT with its reason: the peer
// decrypted and authenticated our one encrypted packet, so both sides
// derived the same keys from K and H.

// loopback returns a connected pair of TCP connections on 127.0.0.1 (TCP
// rather than net.Pipe, whose unbuffered writes would deadlock two sides
// that both send their KEXINIT first).
func loopback(t *testing.T) (client, server net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		assert.NoError(t, err)
		accepted <- c
	}()
	client, err = net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	server = <-accepted
	require.NotNil(t, server)
	deadline := time.Now().Add(20 * time.Second)
	client.SetDeadline(deadline)
	server.SetDeadline(deadline)
	t.Cleanup(func() { client.Close(); server.Close() })
	return client, server
}

// hostKeyCases are the host key algorithms and the key type each uses.
var hostKeyCases = []struct{ alg, key string }{
	{hostKeyEd25519, "ed25519"},
	{hostKeyECDSAP256, "ecdsa"},
	{hostKeyRSASHA256, "rsa"},
	{hostKeyRSASHA512, "rsa"},
}

func xcryptoSigners(t *testing.T) map[string]ssh.Signer {
	t.Helper()
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	signers := map[string]ssh.Signer{}
	for name, k := range map[string]any{"ed25519": edKey, "ecdsa": ecKey, "rsa": rsaKey} {
		s, err := ssh.NewSignerFromKey(k)
		require.NoError(t, err)
		signers[name] = s
	}
	return signers
}

// TestXCryptoServer: our client against x/crypto/ssh's server, for every
// host key algorithm; the fingerprint we print is x/crypto's.
func TestXCryptoServer(t *testing.T) {
	signers := xcryptoSigners(t)
	for _, tc := range hostKeyCases {
		t.Run(tc.alg, func(t *testing.T) {
			c, s := loopback(t)
			cfg := &ssh.ServerConfig{NoClientAuth: true}
			cfg.KeyExchanges = []string{ssh.KeyExchangeMLKEM768X25519}
			cfg.AddHostKey(signers[tc.key])
			serverErr := make(chan error, 1)
			go func() {
				_, _, _, err := ssh.NewServerConn(s, cfg)
				serverErr <- err
			}()
			res, err := runClient(c, clientConfig{kex: []string{kexMLKEM}, hostKey: []string{tc.alg}})
			require.NoError(t, err)
			assert.Equal(t, kexMLKEM, res.alg.kex)
			assert.Equal(t, tc.alg, res.alg.hostKey)
			assert.Equal(t, ssh.FingerprintSHA256(signers[tc.key].PublicKey()), fingerprint(res.hostKey))
			assert.ErrorContains(t, <-serverErr, `ssh: disconnect, reason 11: "sshkex: key exchange complete"`)
		})
	}
}

// TestXCryptoClient: x/crypto/ssh's client against our server. x/crypto
// verifies the host key signature before calling HostKeyCallback, and
// sends NEWKEYS after it.
func TestXCryptoClient(t *testing.T) {
	c, s := loopback(t)
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	hk := ed25519HostKey{priv}
	type outcome struct {
		res *result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := runServer(s, serverConfig{kex: []string{kexMLKEM}, hostKey: hk})
		done <- outcome{res, err}
	}()
	var seen ssh.PublicKey
	cfg := &ssh.ClientConfig{
		User: "sshkex",
		HostKeyCallback: func(_ string, _ net.Addr, key ssh.PublicKey) error {
			seen = key
			return nil
		},
	}
	cfg.KeyExchanges = []string{ssh.KeyExchangeMLKEM768X25519}
	_, _, _, err = ssh.NewClientConn(c, "127.0.0.1", cfg)
	assert.ErrorContains(t, err, `ssh: disconnect, reason 11: "sshkex: key exchange complete"`)
	o := <-done
	require.NoError(t, o.err)
	assert.Equal(t, kexMLKEM, o.res.alg.kex)
	require.NotNil(t, seen, "x/crypto accepted our signature and asked about the host key")
	assert.Equal(t, fingerprint(hk.blob()), ssh.FingerprintSHA256(seen))
	assert.Equal(t, hk.blob(), seen.Marshal())
}
