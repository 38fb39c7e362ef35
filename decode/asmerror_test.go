package decode

import "testing"

func TestAsmDiag(t *testing.T) {
	backing := map[string]string{"/tmp/vgbuild1/0/ovl0_a_amd64.s": "/src/p/a_amd64.s"}
	tests := []struct {
		name, out string
		want      string
		asm       bool
	}{
		{
			name: "parse error names the replaced file",
			out: "go test failed: exit status 1\n\t# p\n\t/tmp/vgbuild1/0/ovl0_a_amd64.s:12: unrecognized instruction \"ADDSQ\"\n" +
				"\t/tmp/vgbuild1/0/ovl0_a_amd64.s:14: unrecognized instruction \"SUBSQ\"\n\tasm: assembly of /tmp/vgbuild1/0/ovl0_a_amd64.s failed",
			want: "/src/p/a_amd64.s:12: unrecognized instruction \"ADDSQ\"",
			asm:  true,
		},
		{
			name: "encoding error",
			out: "go test failed: exit status 1\n\t# p\n\tasm: illegal combination: 00084 (/src/p/a_arm64.s:23)\tADC\t$1, R1, R2 ABCON0 REG NONE REG NONE, 4 7\n" +
				"\tasm: assembly failed",
			want: "asm: illegal combination: 00084 (/src/p/a_arm64.s:23)\tADC\t$1, R1, R2 ABCON0 REG NONE REG NONE, 4 7",
			asm:  true,
		},
		{
			name: "link error is not the assembler's",
			out:  "go test failed: exit status 1\n\t# p.test\n\tp.f: relocation target p.g not defined for ABI0",
		},
		{
			name: "Go compile error is not the assembler's",
			out:  "go test failed: exit status 1\n\t# p\n\t./a.go:3:2: undefined: x",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := asmDiag(tt.out, backing)
			if ok != tt.asm || got != tt.want {
				t.Errorf("asmDiag = %q, %v; want %q, %v", got, ok, tt.want, tt.asm)
			}
		})
	}
}
