package attack3

import (
	"os"
	"os/exec"
	"testing"
)

// TestCompressXBadV runs compressXBadV in a child process: it dies of
// SIGILL (EVEX.vvvv reserved), though vgcheck proves it.
func TestCompressXBadV(t *testing.T) {
	if os.Getenv("A3_CHILD") == "1" {
		var out, a [4]uint32
		a = [4]uint32{1, 2, 3, 4}
		compressXBadV(&out, &a, 5)
		println("returned", out[0], out[1])
		return
	}
	var out, a [4]uint32
	a = [4]uint32{1, 2, 3, 4}
	compressXBytes(&out, &a, 5)
	t.Logf("compressXBytes: %v", out)
	cmd := exec.Command(os.Args[0], "-test.run=TestCompressXBadV$")
	cmd.Env = append(os.Environ(), "A3_CHILD=1")
	b, err := cmd.CombinedOutput()
	t.Logf("child: %v\n%s", err, b)
	if err == nil {
		t.Fatal("compressXBadV returned")
	}
}

// TestBadVChild (movBadV, movd2mBadV): each dies of SIGILL, vgcheck proves it.
func TestBadVChild(t *testing.T) {
	switch os.Getenv("A3_BADV") {
	case "mov":
		var out, a [4]uint32
		movBadV(&out, &a)
		println("returned")
		return
	case "movd2m":
		var a [8]uint32
		println("returned", movd2mBadV(&a))
		return
	}
	for _, k := range []string{"mov", "movd2m"} {
		cmd := exec.Command(os.Args[0], "-test.run=TestBadVChild$")
		cmd.Env = append(os.Environ(), "A3_BADV="+k)
		b, err := cmd.CombinedOutput()
		if len(b) > 60 {
			b = b[:60]
		}
		t.Logf("%s: %v %s", k, err, b)
		if (err == nil) != (k == "OK") {
			t.Errorf("%s: %v", k, err)
		}
	}
}

// TestCmpBytesChild: VPCMPUD with EVEX.R or EVEX.R' clear (an opmask
// destination) dies of SIGILL; vgcheck proves cmpBytesR0 and cmpBytesRp0.
func TestCmpBytesChild(t *testing.T) {
	a := [16]uint32{1, 5, 3}
	b := [16]uint32{2, 4, 3}
	switch os.Getenv("A3_CMP") {
	case "OK":
		println("returned", cmpBytesOK(&a, &b))
		return
	case "R0":
		println("returned", cmpBytesR0(&a, &b))
		return
	case "Rp0":
		println("returned", cmpBytesRp0(&a, &b))
		return
	}
	for _, k := range []string{"OK", "R0", "Rp0"} {
		cmd := exec.Command(os.Args[0], "-test.run=TestCmpBytesChild$")
		cmd.Env = append(os.Environ(), "A3_CMP="+k)
		b, err := cmd.CombinedOutput()
		if len(b) > 60 {
			b = b[:60]
		}
		t.Logf("%s: %v %s", k, err, b)
		if (err == nil) != (k == "OK") {
			t.Errorf("%s: %v", k, err)
		}
	}
}
