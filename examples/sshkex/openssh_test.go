package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The interop tests with the machine's OpenSSH (9.2 on Debian 12, which
// has sntrup761x25519-sha512 but not mlkem768x25519-sha256). They skip
// under -short and if sshd, ssh or ssh-keygen is missing, unless
// MODULETTO_REQUIRE_OPENSSH=1 (make test-ssh sets it, after installing
// Debian's openssh-server with scripts/require.sh): then they run, and
// fail if a tool is missing.

func requireOpenSSH(t *testing.T, tools ...string) map[string]string {
	t.Helper()
	if testing.Short() && os.Getenv("MODULETTO_REQUIRE_OPENSSH") != "1" {
		t.Skip("-short: make test-ssh runs the OpenSSH interop tests")
	}
	paths := map[string]string{}
	for _, tool := range tools {
		p, err := exec.LookPath(tool)
		if err != nil {
			for _, dir := range []string{"/usr/sbin", "/usr/bin"} {
				if _, serr := os.Stat(filepath.Join(dir, tool)); serr == nil {
					p, err = filepath.Join(dir, tool), nil
				}
			}
		}
		if err != nil {
			if os.Getenv("MODULETTO_REQUIRE_OPENSSH") == "1" {
				t.Fatalf("%s not found, and MODULETTO_REQUIRE_OPENSSH=1", tool)
			}
			t.Skipf("%s not found (make test-ssh installs openssh-server)", tool)
		}
		paths[tool] = p
	}
	return paths
}

// syncBuffer collects sshd's log lines as it writes them.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startSSHD starts sshd in the foreground (-D), logging to stderr (-e),
// on a free port of 127.0.0.1 with a throwaway host key of each type, and
// stops it when the test ends, whatever happens. It returns the address,
// the public key files by type and sshd's log.
//
// Running sshd as root in a container needs its privilege separation
// directory, /run/sshd, which Debian's init scripts create at boot and a
// container never boots: the test creates it (root:root, 0755, as sshd
// requires). sshd also insists on being started by its absolute path (it
// re-executes itself per connection), and on host key files that only
// their owner can read, which ssh-keygen makes.
func startSSHD(t *testing.T, sshd, keygen string, kex string) (addr string, pub map[string]string, log *syncBuffer) {
	t.Helper()
	dir := t.TempDir()
	pub = map[string]string{}
	var hostKeys []string
	for _, typ := range []string{"ed25519", "ecdsa", "rsa"} {
		f := filepath.Join(dir, "ssh_host_"+typ+"_key")
		args := []string{"-q", "-t", typ, "-N", "", "-C", "sshkex-test", "-f", f}
		if typ == "rsa" {
			args = append(args, "-b", "2048") // quicker to make than the default 3072
		}
		out, err := exec.Command(keygen, args...).CombinedOutput()
		require.NoError(t, err, "ssh-keygen: %s", out)
		hostKeys = append(hostKeys, "HostKey "+f)
		pub[typ] = f + ".pub"
	}
	if os.Geteuid() == 0 {
		require.NoError(t, os.MkdirAll("/run/sshd", 0o755))
	}

	// A free port: bind port 0, note the port, release it for sshd. A
	// race with another process taking it in between makes sshd fail to
	// bind, and the test retries with a new port.
	for attempt := 0; ; attempt++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr = ln.Addr().String()
		ln.Close()
		_, port, _ := net.SplitHostPort(addr)
		config := filepath.Join(dir, "sshd_config")
		require.NoError(t, os.WriteFile(config, []byte(strings.Join(append(hostKeys,
			"ListenAddress 127.0.0.1",
			"Port "+port,
			"KexAlgorithms "+kex,
			"PidFile none",
			"UsePAM no",
			"PasswordAuthentication no",
			"KbdInteractiveAuthentication no",
			"AuthorizedKeysFile none",
			"LogLevel VERBOSE",
		), "\n")+"\n"), 0o600))

		log = new(syncBuffer)
		cmd := exec.Command(sshd, "-D", "-e", "-f", config)
		cmd.Stdout, cmd.Stderr = log, log
		require.NoError(t, cmd.Start())
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		stop := func() {
			cmd.Process.Kill()
			<-exited
		}
		t.Cleanup(stop)
		listening := false
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
			if strings.Contains(log.String(), "Server listening on 127.0.0.1 port "+port) {
				listening = true
				break
			}
			select {
			case <-exited:
				deadline = time.Now() // sshd gave up: see its log
			case <-time.After(10 * time.Millisecond):
			}
		}
		if listening {
			return addr, pub, log
		}
		stop()
		if attempt == 2 || !strings.Contains(log.String(), "Address already in use") {
			t.Fatalf("sshd did not start:\n%s", log.String())
		}
	}
}

// keygenFingerprint returns the SHA256 fingerprint ssh-keygen -lf prints
// for a public key file ("256 SHA256:... comment (ED25519)").
func keygenFingerprint(t *testing.T, keygen, file string) string {
	t.Helper()
	out, err := exec.Command(keygen, "-E", "sha256", "-lf", file).Output()
	require.NoError(t, err)
	fields := strings.Fields(string(out))
	require.GreaterOrEqual(t, len(fields), 2, "ssh-keygen -lf printed %q", out)
	require.True(t, strings.HasPrefix(fields[1], "SHA256:"), "ssh-keygen -lf printed %q", out)
	return fields[1]
}

// TestOpenSSHServer: sshkex against sshd restricted to
// sntrup761x25519-sha512@openssh.com, with each host key type; the
// fingerprint must be ssh-keygen's, and sshd's log must show our
// encrypted DISCONNECT, which it could read only with the keys derived
// from the same K and H.
func TestOpenSSHServer(t *testing.T) {
	tools := requireOpenSSH(t, "sshd", "ssh-keygen")
	addr, pub, log := startSSHD(t, tools["sshd"], tools["ssh-keygen"], kexSNTRUPOpenSSH)
	disconnects := 0
	for _, tc := range hostKeyCases {
		t.Run(tc.alg, func(t *testing.T) {
			var out bytes.Buffer
			err := run([]string{"-kex", kexSNTRUPOpenSSH, "-hostkey", tc.alg, addr}, &out)
			require.NoError(t, err, "sshd log:\n%s", log.String())
			want := keygenFingerprint(t, tools["ssh-keygen"], pub[tc.key])
			assert.Contains(t, out.String(), "key exchange: "+kexSNTRUPOpenSSH+"\n")
			assert.Contains(t, out.String(), "host key: "+tc.alg+" "+want+"\n")
			disconnects++
		})
	}
	// A wrong offer gets a clear negotiation error, and sshd says why.
	err := run([]string{"-kex", kexMLKEM, addr}, new(bytes.Buffer))
	assert.ErrorContains(t, err, "negotiation: no common key exchange algorithm")

	waitLog(t, log, func(s string) bool {
		return strings.Count(s, "Received disconnect from 127.0.0.1 port") >= disconnects &&
			strings.Contains(s, "Unable to negotiate")
	})
	assert.Equal(t, disconnects, strings.Count(log.String(), ":11: sshkex: key exchange complete [preauth]"),
		"sshd log:\n%s", log.String())
}

func waitLog(t *testing.T, log *syncBuffer, done func(string) bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !done(log.String()); {
		if time.Now().After(deadline) {
			t.Errorf("sshd log lacks the expected lines:\n%s", log.String())
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestOpenSSHClient: the machine's ssh client, restricted to each
// spelling of sntrup761x25519-sha512, against our server. Its -v output
// must show it verifying our host key (whose fingerprint it prints),
// sending and receiving NEWKEYS, and reading our encrypted DISCONNECT.
func TestOpenSSHClient(t *testing.T) {
	tools := requireOpenSSH(t, "ssh")
	for _, kex := range []string{kexSNTRUPOpenSSH, kexSNTRUP} {
		t.Run(kex, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			defer ln.Close()
			var served bytes.Buffer
			serveErr := make(chan error, 1)
			go func() { serveErr <- serve(ln, []string{kex}, 1, 10*time.Second, &served) }()

			_, port, _ := net.SplitHostPort(ln.Addr().String())
			knownHosts := filepath.Join(t.TempDir(), "known_hosts")
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			out, _ := exec.CommandContext(ctx, tools["ssh"], "-v", "-F", "/dev/null",
				"-o", "BatchMode=yes",
				"-o", "KexAlgorithms="+kex,
				"-o", "StrictHostKeyChecking=no",
				"-o", "UserKnownHostsFile="+knownHosts,
				"-o", "ConnectTimeout=10",
				"-p", port, "127.0.0.1", "true").CombinedOutput()
			// ssh exits with 255 after a disconnect; its log says how far
			// it got.
			require.NoError(t, <-serveErr, "ssh -v:\n%s", out)

			first, _, _ := strings.Cut(served.String(), "\n")
			fp := regexp.MustCompile(`SHA256:[A-Za-z0-9+/]{43}`).FindString(first)
			require.NotEmpty(t, fp, "serve printed %q", served.String())
			log := string(out)
			for _, want := range []string{
				"debug1: kex: algorithm: " + kex,
				"debug1: Server host key: ssh-ed25519 " + fp,
				"debug1: SSH2_MSG_NEWKEYS sent",
				"debug1: SSH2_MSG_NEWKEYS received",
				fmt.Sprintf("Received disconnect from 127.0.0.1 port %s:11: sshkex: key exchange complete", port),
			} {
				assert.Contains(t, log, want)
			}
			assert.Contains(t, served.String(), "key exchange "+kex+", client sent NEWKEYS")
			// ssh recorded our key as the host's.
			kh, err := os.ReadFile(knownHosts)
			require.NoError(t, err)
			sc := bufio.NewScanner(bytes.NewReader(kh))
			require.True(t, sc.Scan())
			assert.Contains(t, sc.Text(), "ssh-ed25519 ")
		})
	}
}
