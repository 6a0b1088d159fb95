package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// proxy relays between a client and a server, passing the client's bytes
// through and re-framing the server's packets up to its NEWKEYS, with
// edit applied to its key exchange reply (the payload's fields are
// sub-slices, so edit may change them in place or return a new payload).
func proxy(toClient, toServer net.Conn, edit func(reply []byte) []byte) {
	go io.Copy(toServer, toClient)
	from := newTransport(toServer)
	to := &transport{w: toClient}
	// After the server's NEWKEYS (or an error) the rest passes as it is.
	defer func() {
		io.Copy(toClient, from.r)
		toClient.(*net.TCPConn).CloseWrite()
	}()
	line, err := from.readLine()
	if err != nil {
		return
	}
	toClient.Write(append(line, '\r', '\n'))
	for {
		p, err := from.readPacket()
		if err != nil {
			return
		}
		if p[0] == msgKexECDHReply {
			p = edit(p)
		}
		if to.writePacket(p) != nil || p[0] == msgNewKeys {
			return
		}
	}
}

// replyFields returns the host key, S_REPLY and signature of a reply
// payload, as sub-slices of it.
func replyFields(t *testing.T, p []byte) (hostKey, sReply, sig []byte) {
	hostKey, sReply, sig, err := parseReply(p)
	require.NoError(t, err)
	return hostKey, sReply, sig
}

// exchangeThrough runs our client and our server through proxy with edit
// and returns both sides' errors.
func exchangeThrough(t *testing.T, kex string, edit func([]byte) []byte) (clientErr, serverErr error) {
	c1, p1 := loopback(t)
	p2, s2 := loopback(t)
	go proxy(p1, p2, edit)
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() {
		_, err := runServer(s2, serverConfig{kex: []string{kex}, hostKey: ed25519HostKey{priv}})
		s2.Close()
		done <- err
	}()
	_, clientErr = runClient(c1, clientConfig{kex: []string{kex}, hostKey: []string{hostKeyEd25519}})
	c1.Close()
	return clientErr, <-done
}

// TestTampering flips one byte of the server's KEM ciphertext, of its
// X25519 share and of its signature on the way to the client: each
// changes the exchange hash or the signature, and the client stops at the
// signature check, naming it, and tells the server why.
func TestTampering(t *testing.T) {
	const badSig = "verifying the server's ssh-ed25519 signature of the exchange hash: ed25519 signature does not verify"
	for _, kex := range []string{kexSNTRUP, kexMLKEM} {
		m := methods[kex]
		t.Run(kex, func(t *testing.T) {
			t.Run("untouched", func(t *testing.T) {
				cErr, sErr := exchangeThrough(t, kex, func(p []byte) []byte { return p })
				assert.NoError(t, cErr)
				assert.NoError(t, sErr)
			})
			for _, tc := range []struct {
				name string
				edit func(t *testing.T, p []byte) []byte
				want string
			}{
				{"ciphertext", func(t *testing.T, p []byte) []byte {
					_, sReply, _ := replyFields(t, p)
					sReply[m.ctSize/2] ^= 0x10
					return p
				}, badSig},
				{"X25519 share", func(t *testing.T, p []byte) []byte {
					_, sReply, _ := replyFields(t, p)
					sReply[m.ctSize] ^= 0x01
					return p
				}, badSig},
				{"signature", func(t *testing.T, p []byte) []byte {
					_, _, sig := replyFields(t, p)
					sig[len(sig)-1] ^= 0x01
					return p
				}, badSig},
				{"host key", func(t *testing.T, p []byte) []byte {
					hostKey, _, _ := replyFields(t, p)
					hostKey[len(hostKey)-1] ^= 0x01
					return p
				}, badSig},
				{"X25519 share of order 1", func(t *testing.T, p []byte) []byte {
					_, sReply, _ := replyFields(t, p)
					clear(sReply[m.ctSize:])
					return p
				}, "X25519 with the server's share"},
				{"short reply", func(t *testing.T, p []byte) []byte {
					hostKey, sReply, sig := replyFields(t, p)
					q := appendString([]byte{msgKexECDHReply}, hostKey)
					q = appendString(q, sReply[1:])
					return appendString(q, sig)
				}, "server's reply of"},
				{"trailing bytes", func(t *testing.T, p []byte) []byte {
					return append(p, 1, 2, 3)
				}, "malformed key exchange reply: 3 bytes after the last field"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					cErr, sErr := exchangeThrough(t, kex, func(p []byte) []byte { return tc.edit(t, p) })
					require.Error(t, cErr)
					assert.Contains(t, cErr.Error(), tc.want)
					// The client's DISCONNECT reached the server.
					require.Error(t, sErr)
					assert.Contains(t, sErr.Error(), "waiting for the client's NEWKEYS: peer disconnected (reason 3)")
				})
			}
		})
	}
}

// packets frames payloads as unencrypted packets.
func packets(payloads ...[]byte) []byte {
	var buf bytes.Buffer
	t := &transport{w: &buf}
	for _, p := range payloads {
		t.writePacket(p)
	}
	return buf.Bytes()
}

// playScript sends script as one side of a connection, then reads and
// drops what the other side sends.
func playScript(conn net.Conn, script []byte) {
	conn.Write(script)
	conn.(*net.TCPConn).CloseWrite()
	io.Copy(io.Discard, conn)
}

// TestHostileServer gives the client scripted bytes from a server that
// breaks the protocol: each case must end with an error saying what was
// wrong, not a panic, a hang or a large allocation.
func TestHostileServer(t *testing.T) {
	version := []byte("SSH-2.0-hostile\r\n")
	serverInit := newKexInit([]string{kexMLKEM}, []string{hostKeyEd25519}).marshal()
	hello := append(append([]byte{}, version...), packets(serverInit)...)
	kexInitWith := func(kexList string) []byte {
		p := []byte{msgKexInit}
		p = append(p, make([]byte, 16)...)
		p = appendString(p, []byte(kexList))
		for range 9 {
			p = appendString(p, []byte("none"))
		}
		return append(p, 0, 0, 0, 0, 0)
	}
	for _, tc := range []struct {
		name   string
		script []byte
		want   string
	}{
		{"SSH-1", []byte("SSH-1.5-old\r\n"), `peer speaks "SSH-1.5-old", expected SSH-2.0`},
		{"long line", append(bytes.Repeat([]byte("x"), 300), '\n'), "line longer than 255 bytes"},
		{"endless banner", bytes.Repeat([]byte("hello\r\n"), 100), "more than 64 lines before the identification string"},
		{"control byte in version", []byte("SSH-2.0-a\x00b\r\n"), "byte 0x0 in the identification string"},
		{"closed in version", []byte("SSH-2.0"), "version exchange: unexpected EOF"},
		{"huge packet", append(version, 0xff, 0xff, 0xff, 0xff, 4), "packet of 4294967295 bytes, expected at most 35000"},
		{"little padding", append(version, 0, 0, 0, 12, 3), "3 bytes of padding, expected at least 4"},
		{"unaligned", append(version, 0, 0, 0, 13, 4), "not a multiple of the block size 8"},
		{"padding only", append(version, 0, 0, 0, 12, 11), "leaves no message number"},
		{"closed in packet", append(version, 0, 0, 0, 28, 4, 20), "reading a packet of 28 bytes: unexpected EOF"},
		{"reply first", append(version, packets([]byte{msgKexECDHReply})...), "waiting for the server's KEXINIT: unexpected message 31, expected 20"},
		{"disconnect", append(version, packets(append(appendString(appendUint32([]byte{msgDisconnect}, 2), []byte("go away")), 0, 0, 0, 0))...),
			`waiting for the server's KEXINIT: peer disconnected (reason 2): "go away"`},
		{"truncated disconnect", append(version, packets([]byte{msgDisconnect, 0, 0})...), "malformed DISCONNECT message"},
		{"KEXINIT too short", append(version, packets([]byte{msgKexInit, 1, 2})...), "server's KEXINIT: message ends inside a field"},
		{"KEXINIT long name-list", append(version, packets(append(append([]byte{msgKexInit}, make([]byte, 16)...), 0x7f, 0, 0, 0, 'a'))...),
			"server's KEXINIT: string of 2130706432 bytes in the 1 bytes left"},
		{"KEXINIT empty name", append(version, packets(kexInitWith(kexMLKEM+",,x"))...), "empty name in a name-list"},
		{"KEXINIT bad byte", append(version, packets(kexInitWith("a\x01"))...), "byte 0x1 in a name"},
		{"KEXINIT no common method", append(version, packets(kexInitWith("curve25519-sha256"))...), "negotiation: no common key exchange algorithm"},
		{"KEXINIT trailing", append(version, packets(append(kexInitWith(kexMLKEM), 9))...), "server's KEXINIT: 1 bytes after the last field"},
		{"ignore then NEWKEYS", append(hello, packets([]byte{msgIgnore}, []byte{msgDebug, 0}, []byte{msgNewKeys})...),
			"waiting for the server's key exchange reply: unexpected message 21, expected 31"},
		{"empty reply", append(hello, packets([]byte{msgKexECDHReply})...), "malformed key exchange reply: message ends inside a field"},
		{"reply with a wrong-size S_REPLY", append(hello, packets(appendString(appendString(appendString([]byte{msgKexECDHReply}, nil), []byte("short")), nil))...),
			"server's reply of 5 bytes, expected 1120 (ML-KEM-768 ciphertext 1088 + X25519 share 32)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, s := loopback(t)
			go playScript(s, tc.script)
			_, err := runClient(c, clientConfig{kex: []string{kexMLKEM}, hostKey: []string{hostKeyEd25519}})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestHostileClient: the server side rejects a malformed init.
func TestHostileClient(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	version := []byte("SSH-2.0-hostile\r\n")
	clientInit := newKexInit([]string{kexSNTRUP}, []string{hostKeyEd25519}).marshal()
	hello := append(append([]byte{}, version...), packets(clientInit)...)
	badKey := bytes.Repeat([]byte{0xff}, methods[kexSNTRUP].ekSize+x25519Size)
	for _, tc := range []struct {
		name   string
		script []byte
		want   string
	}{
		{"banner", []byte("hello\r\nSSH-2.0-x\r\n"), `peer sent "hello", expected an SSH-2.0 identification string`},
		{"short init", append(hello, packets(appendString([]byte{msgKexECDHInit}, []byte("abc")))...),
			"client's init of 3 bytes, expected 1190 (sntrup761 encapsulation key 1158 + X25519 share 32)"},
		{"non-canonical key", append(hello, packets(appendString([]byte{msgKexECDHInit}, badKey))...),
			"client's sntrup761 encapsulation key:"},
		{"init with trailing bytes", append(hello, packets(append(appendString([]byte{msgKexECDHInit}, nil), 0))...),
			"malformed key exchange init: 1 bytes after the last field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, s := loopback(t)
			go playScript(c, tc.script)
			_, err := runServer(s, serverConfig{kex: []string{kexSNTRUP}, hostKey: ed25519HostKey{priv}})
			require.Error(t, err)
			assert.True(t, strings.Contains(err.Error(), tc.want), "error %q, expected it to contain %q", err, tc.want)
		})
	}
}
