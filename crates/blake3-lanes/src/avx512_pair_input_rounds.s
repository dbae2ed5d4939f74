/* round 0 */
vpaddd zmm0, zmm0, zmmword ptr [{p} + 0]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 128]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 256]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 384]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1024]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1152]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1280]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1408]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 64]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 192]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 320]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 448]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1088]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1216]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1344]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1472]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 512]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 640]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 768]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 896]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1536]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1664]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1792]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1920]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 576]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 704]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 832]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 960]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1600]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1728]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1856]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1984]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 128]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 192]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 448]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 256]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1152]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1216]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1472]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1280]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 384]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 640]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 0]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 832]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1408]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1664]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1024]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1856]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 64]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 768]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 576]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 960]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1088]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1792]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1600]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1984]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 704]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 320]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 896]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 512]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1728]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1344]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1920]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1536]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 192]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 640]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 832]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 448]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1216]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1664]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1856]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1472]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 256]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 768]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 128]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 896]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1280]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1792]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1152]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1920]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 384]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 576]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 704]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 512]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1408]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1600]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1728]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1536]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 320]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 0]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 960]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 64]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1344]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1024]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1984]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1088]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 640]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 768]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 896]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 832]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1664]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1792]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1920]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1856]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 448]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 576]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 192]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 960]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1472]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1600]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1216]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1984]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 256]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 704]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 320]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 64]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1280]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1728]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1344]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1088]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 0]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 128]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 512]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 384]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1024]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1152]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1536]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1408]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 768]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 576]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 960]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 896]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1792]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1600]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1984]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1920]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 832]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 704]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 640]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 512]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1856]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1728]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1664]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1536]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 448]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 320]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 0]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 384]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1472]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1344]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1024]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1408]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 128]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 192]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 64]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 256]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1152]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1216]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1088]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1280]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 576]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 704]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 512]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 960]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1600]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1728]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1536]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1984]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 896]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 320]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 768]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 64]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1920]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1344]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1792]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1088]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 832]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 0]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 128]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 256]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1856]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1024]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1152]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1280]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 192]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 640]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 384]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 448]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1216]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1664]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1408]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1472]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 704]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 320]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 64]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 512]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1728]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1344]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1088]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1536]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 960]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 0]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 576]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 384]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1984]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1024]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1600]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1408]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 896]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 128]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 192]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 448]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1920]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1152]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1216]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1472]
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
vpaddd zmm0, zmm0, zmmword ptr [{p} + 640]
vpaddd zmm1, zmm1, zmmword ptr [{p} + 768]
vpaddd zmm2, zmm2, zmmword ptr [{p} + 256]
vpaddd zmm3, zmm3, zmmword ptr [{p} + 832]
vpaddd zmm16, zmm16, zmmword ptr [{p} + 1664]
vpaddd zmm17, zmm17, zmmword ptr [{p} + 1792]
vpaddd zmm18, zmm18, zmmword ptr [{p} + 1280]
vpaddd zmm19, zmm19, zmmword ptr [{p} + 1856]
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
