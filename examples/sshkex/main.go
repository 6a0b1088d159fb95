// Command sshkex performs SSH's post-quantum key exchanges with
// moduletto's KEMs, against a real SSH server or client, up to NEWKEYS:
// sntrup761x25519-sha512 (RFC 9941; also spelled
// sntrup761x25519-sha512@openssh.com) with package kem/sntrup, and
// mlkem768x25519-sha256 (draft-ietf-sshm-mlkem-hybrid-kex) with package
// kem/mlkem, X25519 from crypto/ecdh in both.
//
// As a client it connects, negotiates, verifies the server's host key
// signature of the exchange hash (ssh-ed25519, ecdsa-sha2-nistp256,
// rsa-sha2-256, rsa-sha2-512), prints the method and the host key's
// SHA256 fingerprint as ssh-keygen -l prints it, and disconnects:
//
//	sshkex [-kex LIST] [-hostkey LIST] [-n N] [-timeout D] HOST[:PORT]
//
// With -listen it is the server side, with a throwaway ed25519 host key:
// it answers N connections (-n, default 1) far enough that the client
// verifies its signature and sends NEWKEYS, then disconnects:
//
//	sshkex -listen 127.0.0.1:2222 [-kex LIST] [-n N]
//
// The transport is the binary packet protocol of RFC 4253 in the clear,
// with one encrypted packet after NEWKEYS: the DISCONNECT, under the
// negotiated aes128-ctr and hmac-sha2-256 (the only cipher and MAC it
// offers), which shows that both sides derived the same keys. It
// authenticates no user and opens no channel.
//
// Keys come from pools (package kem's Pool) when there is more than one
// exchange: the client's KEM decapsulation keys (sntrup761 in batches of
// 32) and, in -listen mode, the server's ephemeral X25519 keys. In these
// methods the server only encapsulates, so the KEM keys a pool holds are
// the client's.
package main

import (
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/sntrup"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sshkex:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("sshkex", flag.ContinueOnError)
	listen := fs.String("listen", "", "serve on this address (host:port) instead of connecting")
	kexList := fs.String("kex", defaultKexList, "key exchange methods to offer, in order")
	hostKeyList := fs.String("hostkey", defaultHostKeyList, "host key algorithms to accept, in order (client)")
	n := fs.Int("n", 1, "number of exchanges (client) or connections (-listen)")
	timeout := fs.Duration("timeout", 10*time.Second, "time limit of each exchange")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sshkex [flags] HOST[:PORT]\n       sshkex -listen HOST:PORT [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	kexNames, err := parseList(*kexList, func(s string) bool { return methods[s] != nil })
	if err != nil {
		return fmt.Errorf("-kex: %w", err)
	}
	hostKeys, err := parseList(*hostKeyList, func(s string) bool {
		return s == hostKeyEd25519 || s == hostKeyECDSAP256 || s == hostKeyRSASHA256 || s == hostKeyRSASHA512
	})
	if err != nil {
		return fmt.Errorf("-hostkey: %w", err)
	}
	if *n < 1 {
		return errors.New("-n: expected at least 1")
	}
	if *listen != "" {
		if fs.NArg() != 0 {
			return errors.New("-listen takes no HOST argument")
		}
		ln, err := net.Listen("tcp", *listen)
		if err != nil {
			return err
		}
		defer ln.Close()
		return serve(ln, kexNames, *n, *timeout, stdout)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("expected one HOST[:PORT]")
	}
	addr := fs.Arg(0)
	if _, _, err := net.SplitHostPort(addr); err != nil {
		addr = net.JoinHostPort(addr, "22")
	}
	return connect(addr, clientConfig{kex: kexNames, hostKey: hostKeys}, *n, *timeout, stdout)
}

// parseList splits a comma-separated list and checks every name.
func parseList(s string, known func(string) bool) ([]string, error) {
	names := strings.Split(s, ",")
	for _, n := range names {
		if !known(n) {
			return nil, fmt.Errorf("%q not supported", n)
		}
	}
	return names, nil
}

// connect runs n client exchanges with addr, printing each.
func connect(addr string, cfg clientConfig, n int, timeout time.Duration, stdout io.Writer) error {
	if n > 1 {
		pools, err := newKEMPools()
		if err != nil {
			return err
		}
		defer pools.close()
		cfg.kemKey = pools.get
	}
	for range n {
		conn, err := net.DialTimeout("tcp", addr, timeout)
		if err != nil {
			return err
		}
		conn.SetDeadline(time.Now().Add(timeout))
		res, err := runClient(conn, cfg)
		conn.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", addr, err)
		}
		fmt.Fprintf(stdout, "server: %s (%s)\n", addr, res.peerVersion)
		fmt.Fprintf(stdout, "key exchange: %s\n", res.alg.kex)
		fmt.Fprintf(stdout, "host key: %s %s\n", res.alg.hostKey, fingerprint(res.hostKey))
	}
	return nil
}

// kemPools holds the client's pools of decapsulation keys.
type kemPools struct {
	sntrup *kem.Pool[*sntrup.DecapsulationKey761]
	mlkem  *kem.Pool[*mlkem.DecapsulationKey768]
}

func newKEMPools() (*kemPools, error) {
	s, err := kem.NewPool(sntrup.GenerateKeys761, 32, 64)
	if err != nil {
		return nil, err
	}
	m, err := kem.NewPool(kem.Repeat(mlkem.GenerateKey768), 1, 16)
	if err != nil {
		s.Close()
		return nil, err
	}
	return &kemPools{s, m}, nil
}

func (p *kemPools) get(m *method) (kemKey, error) {
	if m == sntrup761 {
		dk, err := p.sntrup.Get()
		return sntrupKey{dk}, err
	}
	dk, err := p.mlkem.Get()
	return mlkemKey{dk}, err
}

func (p *kemPools) close() {
	p.sntrup.Close()
	p.mlkem.Close()
}

// serve answers n connections on ln with a throwaway ed25519 host key,
// printing each; a failed exchange is printed and does not stop it.
func serve(ln net.Listener, kexNames []string, n int, timeout time.Duration, stdout io.Writer) error {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		return err
	}
	hk := ed25519HostKey{priv}
	pool, err := kem.NewPool(kem.Repeat(newX25519), 1, 16)
	if err != nil {
		return err
	}
	defer pool.Close()
	cfg := serverConfig{kex: kexNames, hostKey: hk, x25519: pool.Get}
	fmt.Fprintf(stdout, "listening on %s, host key %s %s\n", ln.Addr(), hostKeyEd25519, fingerprint(hk.blob()))
	var failed error
	for range n {
		conn, err := ln.Accept()
		if err != nil {
			return err
		}
		res, err := serveConn(conn, cfg, timeout)
		if err != nil {
			failed = err
			fmt.Fprintf(stdout, "client %s: %v\n", conn.RemoteAddr(), err)
			continue
		}
		fmt.Fprintf(stdout, "client %s (%s): key exchange %s, client sent NEWKEYS\n",
			conn.RemoteAddr(), res.peerVersion, res.alg.kex)
	}
	return failed
}

// serveConn runs one server exchange, then half-closes the connection and
// waits for the client to close its side, so that the client reads our
// DISCONNECT rather than a reset caused by packets of its we never read.
func serveConn(conn net.Conn, cfg serverConfig, timeout time.Duration) (*result, error) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(timeout))
	res, err := runServer(conn, cfg)
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.CloseWrite()
	}
	conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	_, _ = io.Copy(io.Discard, io.LimitReader(conn, 1<<20))
	return res, err
}
