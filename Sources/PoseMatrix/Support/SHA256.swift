/// SHA-256 (FIPS 180-4), for naming the matrix a result came from; the toolchain ships no
/// digest on Linux and the package may not depend on one.
enum SHA256 {
    /// How many hex digits of a digest messages and reports show to tell files apart.
    static let shownDigits = 12

    fileprivate static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of the bytes as 64 lowercase hexadecimal digits.
    static func hex(of bytes: [UInt8]) -> String {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// A digest fed in pieces, so a large file is hashed without holding it.
    struct Hasher {
        private var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        private var pending: [UInt8] = []
        private var length: UInt64 = 0
        private var words = [UInt32](repeating: 0, count: 64)

        mutating func update(_ bytes: some Collection<UInt8>) {
            length += UInt64(bytes.count)
            pending.append(contentsOf: bytes)
            let whole = pending.count - pending.count % 64
            pending.withUnsafeBufferPointer { message in
                var block = 0  // a `while`, not a stride: see compress
                while block < whole {
                    compress(message, at: block)
                    block += 64
                }
            }
            pending.removeFirst(whole)
        }

        mutating func finalize() -> String {
            let bitLength = length * 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            tail.withUnsafeBufferPointer { message in
                for block in stride(from: 0, to: message.count, by: 64) { compress(message, at: block) }
            }
            return state.map { word in
                let hex = String(word, radix: 16)
                return String(repeating: "0", count: 8 - hex.count) + hex
            }.joined()
        }

        /// One 64-byte block. Written with unsafe buffers, `while` loops and masking shifts: checked
        /// array access, range iterators and generic shifts made a debug build hash at 1.5 MB/s, and the
        /// tests hash files of 16 MiB.
        private mutating func compress(_ message: UnsafeBufferPointer<UInt8>, at block: Int) {
            words.withUnsafeMutableBufferPointer { w in
                Self.schedule(message, at: block, into: w)
                state.withUnsafeMutableBufferPointer { Self.rounds(over: UnsafeBufferPointer(w), state: $0) }
            }
        }

        /// The message schedule: the block's sixteen words, then 48 more mixed from them.
        private static func schedule(
            _ message: UnsafeBufferPointer<UInt8>, at block: Int, into w: UnsafeMutableBufferPointer<UInt32>
        ) {
            var i = 0
            while i < 16 {
                let j = block &+ i &* 4
                w[i] =
                    UInt32(message[j]) &<< 24 | UInt32(message[j &+ 1]) &<< 16 | UInt32(message[j &+ 2]) &<< 8
                    | UInt32(message[j &+ 3])
                i &+= 1
            }
            while i < 64 {
                let x = w[i &- 15]
                let y = w[i &- 2]
                let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
                let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
                w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                i &+= 1
            }
        }

        /// The 64 rounds over a schedule, added into the state.
        private static func rounds(over w: UnsafeBufferPointer<UInt32>, state: UnsafeMutableBufferPointer<UInt32>) {
            SHA256.roundConstants.withUnsafeBufferPointer { k in
                var (a, b, c, d) = (state[0], state[1], state[2], state[3])
                var (e, f, g, h) = (state[4], state[5], state[6], state[7])
                var i = 0
                while i < 64 {
                    let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                    let choose = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choose &+ k[i] &+ w[i]
                    let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    h = g
                    g = f
                    f = e
                    e = d &+ t1
                    d = c
                    c = b
                    b = a
                    a = t1 &+ s0 &+ majority
                    i &+= 1
                }
                state[0] &+= a
                state[1] &+= b
                state[2] &+= c
                state[3] &+= d
                state[4] &+= e
                state[5] &+= f
                state[6] &+= g
                state[7] &+= h
            }
        }
    }

}
