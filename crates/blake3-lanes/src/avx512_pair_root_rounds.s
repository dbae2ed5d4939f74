/* the head */
vpbroadcastd zmm0, dword ptr [{h} + 0]
vpbroadcastd zmm1, dword ptr [{h} + 4]
vpbroadcastd zmm2, dword ptr [{h} + 8]
vpbroadcastd zmm3, dword ptr [{h} + 12]
vpbroadcastd zmm4, dword ptr [{h} + 16]
vpbroadcastd zmm5, dword ptr [{h} + 20]
vpbroadcastd zmm6, dword ptr [{h} + 24]
vpbroadcastd zmm7, dword ptr [{h} + 28]
vpbroadcastd zmm8, dword ptr [{h} + 32]
vpbroadcastd zmm9, dword ptr [{h} + 36]
vpbroadcastd zmm10, dword ptr [{h} + 40]
vpbroadcastd zmm11, dword ptr [{h} + 44]
vpbroadcastd zmm13, dword ptr [{h} + 52]
vpbroadcastd zmm14, dword ptr [{h} + 56]
vpbroadcastd zmm15, dword ptr [{h} + 60]
vpbroadcastd zmm16, dword ptr [{h} + 0]
vpbroadcastd zmm17, dword ptr [{h} + 4]
vpbroadcastd zmm18, dword ptr [{h} + 8]
vpbroadcastd zmm19, dword ptr [{h} + 12]
vpbroadcastd zmm20, dword ptr [{h} + 16]
vpbroadcastd zmm21, dword ptr [{h} + 20]
vpbroadcastd zmm22, dword ptr [{h} + 24]
vpbroadcastd zmm23, dword ptr [{h} + 28]
vpbroadcastd zmm24, dword ptr [{h} + 32]
vpbroadcastd zmm25, dword ptr [{h} + 36]
vpbroadcastd zmm26, dword ptr [{h} + 40]
vpbroadcastd zmm27, dword ptr [{h} + 44]
vpbroadcastd zmm29, dword ptr [{h} + 52]
vpbroadcastd zmm30, dword ptr [{h} + 56]
vpbroadcastd zmm31, dword ptr [{h} + 60]
/* round 0 */
vpxord zmm12, zmm12, zmm0
vpxord zmm28, zmm28, zmm16
vprord zmm12, zmm12, 16
vprord zmm28, zmm28, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm24, zmm24, zmm28
vpxord zmm4, zmm4, zmm8
vpxord zmm20, zmm20, zmm24
vprord zmm4, zmm4, 12
vprord zmm20, zmm20, 12
vpbroadcastd zmm0, dword ptr [{h} + 64]
vpbroadcastd zmm16, dword ptr [{h} + 64]
vpaddd zmm0, zmm0, zmm4
vpaddd zmm16, zmm16, zmm20
vpxord zmm12, zmm12, zmm0
vpxord zmm28, zmm28, zmm16
vprord zmm12, zmm12, 8
vprord zmm28, zmm28, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm24, zmm24, zmm28
vpxord zmm4, zmm4, zmm8
vpxord zmm20, zmm20, zmm24
vprord zmm4, zmm4, 7
vprord zmm20, zmm20, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 36]{{1to16}}
vpbroadcastd zmm1, dword ptr [{h} + 68]
vpbroadcastd zmm2, dword ptr [{h} + 72]
vpaddd zmm3, zmm3, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 36]{{1to16}}
vpbroadcastd zmm17, dword ptr [{h} + 68]
vpbroadcastd zmm18, dword ptr [{h} + 72]
vpaddd zmm19, zmm19, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
/* round 1 */
vpaddd zmm0, zmm0, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm15, zmm15, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vprord zmm31, zmm31, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 12
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm20, zmm20, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm15, zmm15, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vprord zmm31, zmm31, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 7
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm20, zmm20, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
/* round 2 */
vpaddd zmm0, zmm0, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm15, zmm15, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vprord zmm31, zmm31, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 12
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm20, zmm20, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm15, zmm15, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vprord zmm31, zmm31, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 7
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm20, zmm20, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
/* round 3 */
vpaddd zmm0, zmm0, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm15, zmm15, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vprord zmm31, zmm31, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 12
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm20, zmm20, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm15, zmm15, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vprord zmm31, zmm31, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 7
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm20, zmm20, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
/* round 4 */
vpaddd zmm0, zmm0, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm15, zmm15, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vprord zmm31, zmm31, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 12
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm20, zmm20, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm15, zmm15, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vprord zmm31, zmm31, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 7
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm20, zmm20, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
/* round 5 */
vpaddd zmm0, zmm0, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm15, zmm15, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vprord zmm31, zmm31, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 12
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm20, zmm20, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm15, zmm15, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vprord zmm31, zmm31, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 7
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm20, zmm20, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
/* round 6 */
vpaddd zmm0, zmm0, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 44]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 20]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 4]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 32]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm15, zmm15, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vprord zmm31, zmm31, 16
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 12
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm20, zmm20, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 60]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 0]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 36]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 24]{{1to16}}
vpaddd zmm0, zmm0, zmm4
vpaddd zmm1, zmm1, zmm5
vpaddd zmm2, zmm2, zmm6
vpaddd zmm3, zmm3, zmm7
vpaddd zmm16, zmm16, zmm20
vpaddd zmm17, zmm17, zmm21
vpaddd zmm18, zmm18, zmm22
vpaddd zmm19, zmm19, zmm23
vpxord zmm12, zmm12, zmm0
vpxord zmm13, zmm13, zmm1
vpxord zmm14, zmm14, zmm2
vpxord zmm15, zmm15, zmm3
vpxord zmm28, zmm28, zmm16
vpxord zmm29, zmm29, zmm17
vpxord zmm30, zmm30, zmm18
vpxord zmm31, zmm31, zmm19
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm15, zmm15, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vprord zmm31, zmm31, 8
vpaddd zmm8, zmm8, zmm12
vpaddd zmm9, zmm9, zmm13
vpaddd zmm10, zmm10, zmm14
vpaddd zmm11, zmm11, zmm15
vpaddd zmm24, zmm24, zmm28
vpaddd zmm25, zmm25, zmm29
vpaddd zmm26, zmm26, zmm30
vpaddd zmm27, zmm27, zmm31
vpxord zmm4, zmm4, zmm8
vpxord zmm5, zmm5, zmm9
vpxord zmm6, zmm6, zmm10
vpxord zmm7, zmm7, zmm11
vpxord zmm20, zmm20, zmm24
vpxord zmm21, zmm21, zmm25
vpxord zmm22, zmm22, zmm26
vpxord zmm23, zmm23, zmm27
vprord zmm4, zmm4, 7
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm20, zmm20, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vpaddd zmm0, zmm0, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 56]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 8]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 12]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 28]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 16
vprord zmm12, zmm12, 16
vprord zmm13, zmm13, 16
vprord zmm14, zmm14, 16
vprord zmm31, zmm31, 16
vprord zmm28, zmm28, 16
vprord zmm29, zmm29, 16
vprord zmm30, zmm30, 16
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 12
vprord zmm6, zmm6, 12
vprord zmm7, zmm7, 12
vprord zmm4, zmm4, 12
vprord zmm21, zmm21, 12
vprord zmm22, zmm22, 12
vprord zmm23, zmm23, 12
vprord zmm20, zmm20, 12
vpaddd zmm0, zmm0, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm1, zmm1, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm2, zmm2, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm3, zmm3, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm16, zmm16, dword ptr [{m} + 40]{{1to16}}
vpaddd zmm17, zmm17, dword ptr [{m} + 48]{{1to16}}
vpaddd zmm18, zmm18, dword ptr [{m} + 16]{{1to16}}
vpaddd zmm19, zmm19, dword ptr [{m} + 52]{{1to16}}
vpaddd zmm0, zmm0, zmm5
vpaddd zmm1, zmm1, zmm6
vpaddd zmm2, zmm2, zmm7
vpaddd zmm3, zmm3, zmm4
vpaddd zmm16, zmm16, zmm21
vpaddd zmm17, zmm17, zmm22
vpaddd zmm18, zmm18, zmm23
vpaddd zmm19, zmm19, zmm20
vpxord zmm15, zmm15, zmm0
vpxord zmm12, zmm12, zmm1
vpxord zmm13, zmm13, zmm2
vpxord zmm14, zmm14, zmm3
vpxord zmm31, zmm31, zmm16
vpxord zmm28, zmm28, zmm17
vpxord zmm29, zmm29, zmm18
vpxord zmm30, zmm30, zmm19
vprord zmm15, zmm15, 8
vprord zmm12, zmm12, 8
vprord zmm13, zmm13, 8
vprord zmm14, zmm14, 8
vprord zmm31, zmm31, 8
vprord zmm28, zmm28, 8
vprord zmm29, zmm29, 8
vprord zmm30, zmm30, 8
vpaddd zmm10, zmm10, zmm15
vpaddd zmm11, zmm11, zmm12
vpaddd zmm8, zmm8, zmm13
vpaddd zmm9, zmm9, zmm14
vpaddd zmm26, zmm26, zmm31
vpaddd zmm27, zmm27, zmm28
vpaddd zmm24, zmm24, zmm29
vpaddd zmm25, zmm25, zmm30
vpxord zmm5, zmm5, zmm10
vpxord zmm6, zmm6, zmm11
vpxord zmm7, zmm7, zmm8
vpxord zmm4, zmm4, zmm9
vpxord zmm21, zmm21, zmm26
vpxord zmm22, zmm22, zmm27
vpxord zmm23, zmm23, zmm24
vpxord zmm20, zmm20, zmm25
vprord zmm5, zmm5, 7
vprord zmm6, zmm6, 7
vprord zmm7, zmm7, 7
vprord zmm4, zmm4, 7
vprord zmm21, zmm21, 7
vprord zmm22, zmm22, 7
vprord zmm23, zmm23, 7
vprord zmm20, zmm20, 7
