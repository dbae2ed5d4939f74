vpxord zmm0, zmm0, zmm8
vpxord zmm8, zmm8, dword ptr [{m} + {cv} + 0]{{1to16}}
vpaddw zmm0, zmm0, zmmword ptr [{s} + 0]
vmovdqu32 zmmword ptr [{s} + 0], zmm0
vpaddw zmm8, zmm8, zmmword ptr [{s} + 512]
vmovdqu32 zmmword ptr [{s} + 512], zmm8
vpxord zmm1, zmm1, zmm9
vpxord zmm9, zmm9, dword ptr [{m} + {cv} + 4]{{1to16}}
vpaddw zmm1, zmm1, zmmword ptr [{s} + 64]
vmovdqu32 zmmword ptr [{s} + 64], zmm1
vpaddw zmm9, zmm9, zmmword ptr [{s} + 576]
vmovdqu32 zmmword ptr [{s} + 576], zmm9
vpxord zmm2, zmm2, zmm10
vpxord zmm10, zmm10, dword ptr [{m} + {cv} + 8]{{1to16}}
vpaddw zmm2, zmm2, zmmword ptr [{s} + 128]
vmovdqu32 zmmword ptr [{s} + 128], zmm2
vpaddw zmm10, zmm10, zmmword ptr [{s} + 640]
vmovdqu32 zmmword ptr [{s} + 640], zmm10
vpxord zmm3, zmm3, zmm11
vpxord zmm11, zmm11, dword ptr [{m} + {cv} + 12]{{1to16}}
vpaddw zmm3, zmm3, zmmword ptr [{s} + 192]
vmovdqu32 zmmword ptr [{s} + 192], zmm3
vpaddw zmm11, zmm11, zmmword ptr [{s} + 704]
vmovdqu32 zmmword ptr [{s} + 704], zmm11
vpxord zmm4, zmm4, zmm12
vpxord zmm12, zmm12, dword ptr [{m} + {cv} + 16]{{1to16}}
vpaddw zmm4, zmm4, zmmword ptr [{s} + 256]
vmovdqu32 zmmword ptr [{s} + 256], zmm4
vpaddw zmm12, zmm12, zmmword ptr [{s} + 768]
vmovdqu32 zmmword ptr [{s} + 768], zmm12
vpxord zmm5, zmm5, zmm13
vpxord zmm13, zmm13, dword ptr [{m} + {cv} + 20]{{1to16}}
vpaddw zmm5, zmm5, zmmword ptr [{s} + 320]
vmovdqu32 zmmword ptr [{s} + 320], zmm5
vpaddw zmm13, zmm13, zmmword ptr [{s} + 832]
vmovdqu32 zmmword ptr [{s} + 832], zmm13
vpxord zmm6, zmm6, zmm14
vpxord zmm14, zmm14, dword ptr [{m} + {cv} + 24]{{1to16}}
vpaddw zmm6, zmm6, zmmword ptr [{s} + 384]
vmovdqu32 zmmword ptr [{s} + 384], zmm6
vpaddw zmm14, zmm14, zmmword ptr [{s} + 896]
vmovdqu32 zmmword ptr [{s} + 896], zmm14
vpxord zmm7, zmm7, zmm15
vpxord zmm15, zmm15, dword ptr [{m} + {cv} + 28]{{1to16}}
vpaddw zmm7, zmm7, zmmword ptr [{s} + 448]
vmovdqu32 zmmword ptr [{s} + 448], zmm7
vpaddw zmm15, zmm15, zmmword ptr [{s} + 960]
vmovdqu32 zmmword ptr [{s} + 960], zmm15
vpxord zmm16, zmm16, zmm24
vpxord zmm24, zmm24, dword ptr [{m} + {cv} + 0]{{1to16}}
vpaddw zmm16, zmm16, zmmword ptr [{s} + 1024]
vmovdqu32 zmmword ptr [{s} + 1024], zmm16
vpaddw zmm24, zmm24, zmmword ptr [{s} + 1536]
vmovdqu32 zmmword ptr [{s} + 1536], zmm24
vpxord zmm17, zmm17, zmm25
vpxord zmm25, zmm25, dword ptr [{m} + {cv} + 4]{{1to16}}
vpaddw zmm17, zmm17, zmmword ptr [{s} + 1088]
vmovdqu32 zmmword ptr [{s} + 1088], zmm17
vpaddw zmm25, zmm25, zmmword ptr [{s} + 1600]
vmovdqu32 zmmword ptr [{s} + 1600], zmm25
vpxord zmm18, zmm18, zmm26
vpxord zmm26, zmm26, dword ptr [{m} + {cv} + 8]{{1to16}}
vpaddw zmm18, zmm18, zmmword ptr [{s} + 1152]
vmovdqu32 zmmword ptr [{s} + 1152], zmm18
vpaddw zmm26, zmm26, zmmword ptr [{s} + 1664]
vmovdqu32 zmmword ptr [{s} + 1664], zmm26
vpxord zmm19, zmm19, zmm27
vpxord zmm27, zmm27, dword ptr [{m} + {cv} + 12]{{1to16}}
vpaddw zmm19, zmm19, zmmword ptr [{s} + 1216]
vmovdqu32 zmmword ptr [{s} + 1216], zmm19
vpaddw zmm27, zmm27, zmmword ptr [{s} + 1728]
vmovdqu32 zmmword ptr [{s} + 1728], zmm27
vpxord zmm20, zmm20, zmm28
vpxord zmm28, zmm28, dword ptr [{m} + {cv} + 16]{{1to16}}
vpaddw zmm20, zmm20, zmmword ptr [{s} + 1280]
vmovdqu32 zmmword ptr [{s} + 1280], zmm20
vpaddw zmm28, zmm28, zmmword ptr [{s} + 1792]
vmovdqu32 zmmword ptr [{s} + 1792], zmm28
vpxord zmm21, zmm21, zmm29
vpxord zmm29, zmm29, dword ptr [{m} + {cv} + 20]{{1to16}}
vpaddw zmm21, zmm21, zmmword ptr [{s} + 1344]
vmovdqu32 zmmword ptr [{s} + 1344], zmm21
vpaddw zmm29, zmm29, zmmword ptr [{s} + 1856]
vmovdqu32 zmmword ptr [{s} + 1856], zmm29
vpxord zmm22, zmm22, zmm30
vpxord zmm30, zmm30, dword ptr [{m} + {cv} + 24]{{1to16}}
vpaddw zmm22, zmm22, zmmword ptr [{s} + 1408]
vmovdqu32 zmmword ptr [{s} + 1408], zmm22
vpaddw zmm30, zmm30, zmmword ptr [{s} + 1920]
vmovdqu32 zmmword ptr [{s} + 1920], zmm30
vpxord zmm23, zmm23, zmm31
vpxord zmm31, zmm31, dword ptr [{m} + {cv} + 28]{{1to16}}
vpaddw zmm23, zmm23, zmmword ptr [{s} + 1472]
vmovdqu32 zmmword ptr [{s} + 1472], zmm23
vpaddw zmm31, zmm31, zmmword ptr [{s} + 1984]
vmovdqu32 zmmword ptr [{s} + 1984], zmm31
