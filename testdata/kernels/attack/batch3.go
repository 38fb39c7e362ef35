package attack

// specTab is read by tabGo.
var specTab = [2]uint64{1, 2}

// tabGo is x + specTab[0].
func tabGo(x uint64) uint64 { return x + specTab[0] }

// below16 is reqKernel's precondition.
func below16(x uint64) bool { return x < 16 }

// low4Go is x & 15.
func low4Go(x uint64) uint64 { return x & 15 }

// addrBitsGo is the constant the kernel returns in vgcheck's binary.
func addrBitsGo() uint64 { return 0xfe0 }

// textGo is what textRead returns in vgcheck's binary.
func textGo(x uint64) uint64 { return 0x12ea }
